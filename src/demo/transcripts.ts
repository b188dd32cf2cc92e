// Demo transcripts: the conversation behind each call, in which the caller speaks every value
// the extraction holds, stalled and padded so that long calls read long.

import type { DisconnectReason, Speaker } from '../domain/call.js';
import { formatUsd, PAYLOAD_OF, REMOTE_DESKTOP_SITES, type Chain, type PaymentMethod, type Persona } from './catalog.js';
import type { LureSpec } from './lures.js';
import {
  CALLER_PRESSURE,
  cap,
  CLOSINGS,
  NULL_CALL_SCRIPTS,
  PERSONA_GREETINGS,
  PERSONA_REACTIONS,
  PERSONA_STALLS,
  type ScriptContext,
} from './phrases.js';
import type { Rng } from './random.js';
import type { IngestExtractionJson, IngestTranscriptTurnJson } from './records.js';

/** What a call ends up revealing (drawn in calls.ts); tier 1 reveals the most. */
export type Outcome = 'none' | 'empty' | 'agent_only' | 'tier3' | 'tier2' | 'tier1';

/** What the transcript needs beyond the extraction itself. */
export interface CallFacts {
  outcome: Outcome;
  lure: LureSpec;
  persona: Persona;
  /** The payment the caller talks about (the extraction may have missed the method). */
  method: PaymentMethod | null;
}

type Turn = [Speaker, string];

const CHAIN_WORDS: Record<Chain, string> = {
  BTC: 'Bitcoin (BTC)',
  ETH: 'Ethereum (ETH)',
  TRON: 'USDT on the TRON network (TRC20)',
};
const METHOD_WORDS: Record<PaymentMethod, string> = {
  gift_card: 'gift cards',
  wire_transfer: 'a wire transfer',
  zelle: 'Zelle',
  crypto_atm: 'the Bitcoin ATM',
  bitcoin: 'Bitcoin',
  cash_by_mail: 'cash sent by overnight mail',
  bank_transfer: 'a bank transfer',
  venmo: 'Venmo',
  cash_app: 'Cash App',
};

export class TranscriptWriter {
  /** Indices between exchanges, where stalling may be inserted without breaking one. */
  private gaps: number[] = [];

  constructor(private readonly t: Rng) {}

  write(facts: CallFacts, ex: IngestExtractionJson | null, duration: number, reason: DisconnectReason | null): IngestTranscriptTurnJson[] {
    const t = this.t;
    const { persona, lure, outcome } = facts;
    const c: ScriptContext = {
      sir: persona.sir,
      personaName: persona.name,
      personaSurname: persona.surname,
      grand: persona.grand,
      brand: ex?.impersonated_brand ?? null,
      agency: ex?.impersonated_government_agency ?? null,
      org: ex?.synthetic_org ?? null,
      agent: ex?.fake_agent_name ?? null,
      dangled: ex?.dollars_dangled != null ? formatUsd(ex.dollars_dangled) : null,
    };
    const turns: Turn[] = [];
    this.gaps = [];
    if (t.chance(0.3)) turns.push(['system', `Inbound call connected to persona ${persona.id}.`]);

    if (duration === 0) {
      turns.push(['system', 'Caller disconnected before the greeting.']);
      return this.timed(turns, duration);
    }
    if (outcome === 'none' || outcome === 'empty') {
      for (const [s, text] of t.pick(NULL_CALL_SCRIPTS)) turns.push([s, text]);
      this.gaps.push(turns.length);
      if (duration >= 15) this.fill(turns, duration, persona);
      this.close(turns, reason);
      return this.timed(turns, duration);
    }

    turns.push(['persona', t.pick(PERSONA_GREETINGS)(c)]);
    const revealing = outcome !== 'agent_only';
    if (duration >= 15 && revealing && lure.preamble.length) {
      turns.push(['caller', t.pick(lure.preamble)(c)]);
      turns.push(['persona', t.pick(['Is that you, Michael?', 'Oh honey, is that you, Danny?', 'What happened? Are you hurt?'])]);
    }
    turns.push(['caller', this.intro(lure, c)]);
    this.gaps.push(turns.length);
    if (duration < 15) {
      // A short call: the caller got the pitch out and hung up.
      if (t.chance(0.5)) turns.push(['persona', t.pick(PERSONA_REACTIONS)(c)]);
      this.close(turns, reason);
      return this.timed(turns, duration);
    }

    const reaction = t.int(0, PERSONA_REACTIONS.length - 1);
    turns.push(['persona', PERSONA_REACTIONS[reaction](c)]);
    if (revealing) {
      turns.push(['caller', this.hook(lure, c)]);
      // A different reaction the second time round.
      const again = (reaction + t.int(1, PERSONA_REACTIONS.length - 1)) % PERSONA_REACTIONS.length;
      turns.push(['persona', PERSONA_REACTIONS[again](c)]);
    }
    this.gaps.push(turns.length);
    if (ex) {
      if (ex.phishing_url) {
        turns.push([
          'caller',
          t.pick([
            `Open your browser and go to ${ex.phishing_url}, that is our secure portal.`,
            `I am sending you a link, ${ex.phishing_url}. Please open it right now and log in.`,
            `Type this in the address bar exactly: ${ex.phishing_url}`,
          ]),
        ]);
        turns.push(['persona', this.stall(persona)]);
        this.gaps.push(turns.length);
      }
      if (ex.remote_desktop_app) {
        const site = REMOTE_DESKTOP_SITES[ex.remote_desktop_app] ?? 'our website';
        turns.push([
          'caller',
          t.pick([
            `Go to ${site} and download ${ex.remote_desktop_app}, then read me the nine-digit code on the screen.`,
            `Please install ${ex.remote_desktop_app} so I can connect and fix this for you. Go to ${site}.`,
            `I will connect to your computer with ${ex.remote_desktop_app}. It is safe, it is from ${site}.`,
          ]),
        ]);
        turns.push([
          'persona',
          t.pick([
            'It says do I want to allow changes. Should I click yes?',
            'Which one is the download button, dear?',
            'Oh, a little red window popped up.',
          ]),
        ]);
        turns.push(['caller', `Yes, click allow. Now I can see your screen, ${c.sir}.`]);
        this.gaps.push(turns.length);
      }
      this.money(turns, facts, ex, c);
    }
    this.fill(turns, duration, persona);
    this.close(turns, reason);
    return this.timed(turns, duration);
  }

  /** The pitch; when money was dangled, one that names the amount. */
  private hook(lure: LureSpec, c: ScriptContext): string {
    const start = this.t.int(0, lure.hooks.length - 1);
    const first = lure.hooks[start](c);
    if (c.dangled === null || first.includes(c.dangled)) return first;
    for (let i = 1; i < lure.hooks.length; i++) {
      const text = lure.hooks[(start + i) % lure.hooks.length](c);
      if (text.includes(c.dangled)) return text;
    }
    return `${first} You will receive ${c.dangled}.`;
  }

  private intro(lure: LureSpec, c: ScriptContext): string {
    const t = this.t;
    const hi = t.pick(['Hello', 'Hi', 'Good afternoon', 'Hello, hello']);
    let who = "I'm calling";
    if (c.agent) {
      who =
        lure.titles.length && t.chance(0.8)
          ? `this is ${t.pick(lure.titles)} ${c.agent}${t.chance(0.4) ? `, badge number ${t.digits(5, true)},` : ''}`
          : t.pick([`my name is ${c.agent}`, `this is ${c.agent}`, `I am ${c.agent}`]);
    }
    const dept = t.pick(lure.departments);
    const from = c.brand ? ` from ${c.brand} ${dept}` : c.agency ? ` from the ${c.agency}` : c.org ? ` from ${c.org}` : ` from the ${dept}`;
    let s = `${hi} ${c.sir}, ${who}${from}.`;
    if (c.brand && c.agency) s += ` I am working together with the ${c.agency} on your case.`;
    if (c.org && (c.brand || c.agency)) s += t.pick([` This case is handled by ${c.org}.`, ` I am with ${c.org}.`]);
    return s;
  }

  private money(turns: Turn[], facts: CallFacts, ex: IngestExtractionJson, c: ScriptContext): void {
    const t = this.t;
    const asks = ex.dollar_asks.map(formatUsd);
    const first = asks[0] ?? null;
    const m = facts.method;
    const amountFor = first ? ` for ${first}` : '';
    if (m === null) {
      if (first) {
        turns.push([
          'caller',
          t.pick([`To release everything there is a processing fee of ${first}.`, `You need to pay ${first} today to close this case.`]),
        ]);
        turns.push(['persona', t.pick(['That much? Let me look at my checkbook.', 'Can I pay it next week when my check comes?'])]);
      }
    } else if (PAYLOAD_OF[m] === 'gift_card') {
      const gc = ex.gift_card_brand ? `${ex.gift_card_brand} gift cards` : 'gift cards';
      turns.push([
        'caller',
        t.pick([
          `You will need to go to the store and buy ${gc}${amountFor}. Do not tell the cashier what they are for.`,
          `The only secure way is ${gc}${first ? `, total ${first}` : ''}. Then scratch the back and read me the numbers.`,
          `Go to Walgreens or CVS and get ${gc}${amountFor}. If the cashier asks, say they are for your grandchildren.`,
        ]),
      ]);
      turns.push([
        'persona',
        t.pick([
          'Gift cards? That seems strange, dear.',
          'Oh, I have to drive to the store? My knees are not so good.',
          'Which store was that again?',
        ]),
      ]);
      turns.push(['caller', 'Scratch the silver strip slowly and read me the claim code.']);
    } else if (PAYLOAD_OF[m] === 'mule') {
      turns.push([
        'caller',
        `${first ? `The amount is ${first}. ` : ''}You will send it by ${METHOD_WORDS[m]}. Please write down the receiving account.`,
      ]);
      this.gaps.push(turns.length);
      const parts: string[] = [];
      if (ex.mule_bank_name) parts.push(`the bank is ${ex.mule_bank_name}`);
      if (ex.mule_bank_routing_number) parts.push(`routing number ${ex.mule_bank_routing_number}`);
      if (ex.mule_bank_account_number) parts.push(`account number ${ex.mule_bank_account_number}`);
      if (ex.mule_account_holder_name) parts.push(`the account is under the name ${ex.mule_account_holder_name}`);
      if (parts.length) {
        turns.push(['persona', 'Hold on, let me get a pen. Okay, go ahead.']);
        turns.push(['caller', cap(parts.join(', ')) + '.']);
        turns.push([
          'persona',
          ex.mule_bank_account_number ? `Let me read that back. ${ex.mule_bank_account_number}?` : 'My pen ran out of ink, hold on.',
        ]);
        turns.push(['caller', 'Yes, correct. This is a secure protected account, your money will be safe there.']);
      } else {
        turns.push(['persona', t.pick(['I have never done one of those before.', 'Do I need to go to the bank for that?'])]);
      }
    } else if (PAYLOAD_OF[m] === 'wallet') {
      const chain = (ex.crypto_chain as Chain | null) ?? null;
      turns.push([
        'caller',
        m === 'crypto_atm'
          ? `Take ${first ?? 'the cash'} to the Bitcoin ATM at the gas station near you${chain ? ` and buy ${CHAIN_WORDS[chain]}` : ''}.`
          : `You will buy ${first ? `${first} in ` : ''}${chain ? CHAIN_WORDS[chain] : 'Bitcoin'} and send it to our secure wallet.`,
      ]);
      if (ex.crypto_wallet_address) {
        turns.push(['persona', 'A wallet? I keep my money in my purse.']);
        turns.push(['caller', `Scan the QR code I send you, or type the wallet address exactly: ${ex.crypto_wallet_address}`]);
        turns.push(['persona', 'Is that a zero or the letter O? Could you spell it again?']);
      }
    } else if (PAYLOAD_OF[m] === 'drop') {
      const to = ex.physical_mule_drop_address ? ` to ${ex.physical_mule_drop_address}` : '';
      turns.push(['caller', `Put ${first ?? 'the cash'} in cash inside a magazine, wrap it in foil, and send it overnight${to}.`]);
      if (ex.mule_account_holder_name)
        turns.push(['caller', `Address the package to ${ex.mule_account_holder_name}. Our courier will collect it.`]);
      turns.push(['persona', 'Cash in the mail? Is that allowed?']);
    } else {
      const app = METHOD_WORDS[m];
      turns.push([
        'caller',
        `Send ${first ?? 'the payment'} on ${app}${ex.mule_account_holder_name ? ` to ${ex.mule_account_holder_name}` : ''}.`,
      ]);
      if (ex.mule_account_holder_name)
        turns.push(['caller', `The name will show as ${ex.mule_account_holder_name}, that is our verification officer.`]);
      turns.push(['persona', `I don't know how to use ${app}. My granddaughter put it on my phone.`]);
    }
    this.gaps.push(turns.length);
    for (let i = 1; i < asks.length; i++) {
      turns.push([
        'caller',
        t.pick([
          `The transaction was flagged. You need to send another ${asks[i]}.`,
          `There is one more fee of ${asks[i]} and then it is done, I promise.`,
          `Your account is still exposed, ${c.sir}. We need ${asks[i]} more to secure it.`,
        ]),
      ]);
      turns.push(['persona', t.pick(['Another one? Oh dear.', "I don't think I have that much.", 'Let me call my daughter first.'])]);
      this.gaps.push(turns.length);
    }
  }

  private lastStall = '';
  private lastPressure = -1;

  private stall(persona: Persona): string {
    const own = PERSONA_STALLS[persona.id];
    let s = this.t.chance(0.25) ? this.t.pick(own) : this.t.pick(PERSONA_STALLS.any);
    if (s === this.lastStall) s = this.t.pick(PERSONA_STALLS.any);
    return (this.lastStall = s);
  }

  private pressure(sir: string): string {
    let i = this.t.int(0, CALLER_PRESSURE.length - 1);
    if (i === this.lastPressure) i = (i + 1) % CALLER_PRESSURE.length;
    this.lastPressure = i;
    return CALLER_PRESSURE[i]({ sir } as ScriptContext);
  }

  /** Stalling exchanges spread through the call so long calls read long. */
  private fill(turns: Turn[], duration: number, persona: Persona): void {
    const target = Math.min(60, Math.round(duration / 14));
    const pairs = Math.floor((target - turns.length) / 2);
    if (pairs <= 0 || this.gaps.length === 0) return;
    // Insert from the back so earlier gap indices stay valid.
    const at = Array.from({ length: pairs }, () => this.t.pick(this.gaps)).sort((a, b) => b - a);
    for (const i of at) {
      const pressure = this.pressure(persona.sir);
      const pair: Turn[] = this.t.chance(0.5)
        ? [
            ['persona', this.stall(persona)],
            ['caller', pressure],
          ]
        : [
            ['caller', pressure],
            ['persona', this.stall(persona)],
          ];
      turns.splice(i, 0, ...pair);
    }
  }

  private close(turns: Turn[], reason: DisconnectReason | null): void {
    if (reason === 'caller_hung_up_normal') {
      if (this.t.chance(0.6)) turns.push(['caller', this.t.pick(CLOSINGS.caller_hung_up_normal)]);
      if (this.t.chance(0.4)) turns.push(['system', 'Caller hung up.']);
    } else if (reason !== null) {
      turns.push(['system', CLOSINGS[reason]]);
    }
  }

  /** Offsets proportional to how long each line takes to say, within the call. */
  private timed(turns: Turn[], duration: number): IngestTranscriptTurnJson[] {
    const weights = turns.map(([, text]) => (1.5 + text.length / 15) * this.t.float(0.8, 1.25));
    const total = weights.reduce((a, b) => a + b, 0);
    const lead = duration >= 2 ? Math.min(1.5, duration * 0.05) : 0;
    const usable = Math.max(0, duration * 0.95 - lead);
    let acc = 0;
    return turns.map(([speaker, text], i) => {
      const offset = Math.min(duration, Math.floor((lead + (acc / total) * usable) * 10) / 10);
      acc += weights[i];
      return { speaker, text, offset_sec: offset };
    });
  }
}
