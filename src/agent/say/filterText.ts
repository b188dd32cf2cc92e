// The planner's filters in the words of an answer: "impersonating Amazon, from TX, tier-1,
// mentioning "zelle" and "chase"".

import type { IntelField } from '../../domain/call.js';
import type { Filters } from '../plan/intents.js';
import { IDENTIFIER_FIELDS, IDENTIFIER_NAMES } from '../read/values.js';
import { andList, DISCONNECT_LABELS, fmtInt, fmtUsd } from './answer.js';

const or = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);

const HAS_TEXT: Partial<Record<IntelField, string>> = {
  phishing_url: 'a phishing URL',
  crypto_wallet_address: 'a crypto wallet',
  physical_mule_drop_address: 'a drop address',
  mule_bank_routing_number: 'a routing number',
  mule_bank_account_number: 'a mule account number',
  mule_account_holder_name: 'an account holder name',
  remote_desktop_app: 'a remote desktop tool',
  synthetic_org: 'a fake company name',
  fake_agent_name: 'a fake agent name',
  gift_card_brand: 'a gift card brand',
  impersonated_government_agency: 'an impersonated agency',
};

const ORIGIN_TEXT = {
  us: 'US',
  canada: 'Canadian',
  toll_free: 'toll-free',
  international: 'international (non +1)',
  withheld: 'withheld or unusable',
} as const;

/** A duration bound in the words the question most likely used ("10 minutes"), with the seconds. */
function dur(sec: number): string {
  if (sec >= 60 && sec % 60 === 0) return `${fmtInt(sec / 60)} ${sec === 60 ? 'minute' : 'minutes'}`;
  return `${fmtInt(sec)} ${sec === 1 ? 'second' : 'seconds'}`;
}

function durationText(min: number | undefined, max: number | undefined): string | null {
  // "longer than 10 minutes" is kept as min 601 s: say it the way it was asked.
  const lo =
    min === undefined ? null : min > 0 && (min - 1) % 60 === 0 && min > 1 ? `longer than ${dur(min - 1)}` : `lasting at least ${dur(min)}`;
  const hi = max === undefined ? null : (max + 1) % 60 === 0 ? `shorter than ${dur(max + 1)}` : `lasting at most ${dur(max)}`;
  if (lo && hi) return `${lo} and ${hi.replace(/^lasting /, '')}`;
  return lo ?? hi;
}

/** "impersonating Amazon, from TX, tier-1, mentioning "zelle" and "chase"" — empty without filters. */
export function filterText(f: Filters): string {
  const parts: string[] = [];
  if (f.impersonated_brand?.length) parts.push(`impersonating ${or(f.impersonated_brand)}`);
  if (f.impersonated_government_agency?.length) parts.push(`claiming to be ${or(f.impersonated_government_agency)}`);
  if (f.lure_category?.length) parts.push(`with scam type ${or(f.lure_category)}`);
  if (f.payment_method?.length) parts.push(`asking for payment by ${or(f.payment_method)}`);
  if (f.mule_bank_name?.length) parts.push(`with mule bank ${or(f.mule_bank_name)}`);
  if (f.gift_card_brand?.length) parts.push(`with ${or(f.gift_card_brand)} gift cards`);
  if (f.crypto_chain?.length) parts.push(`on crypto chain ${or(f.crypto_chain)}`);
  if (f.remote_desktop_app?.length) parts.push(`using ${or(f.remote_desktop_app)}`);
  if (f.persona?.length) parts.push(`answered by persona ${or(f.persona)}`);
  for (const id of IDENTIFIER_FIELDS) if (f[id]?.length) parts.push(`with ${IDENTIFIER_NAMES[id]} ${or(f[id])}`);
  if (f.caller_state?.length) parts.push(`from ${or(f.caller_state)}`);
  if (f.caller_origin?.length) parts.push(`from ${or(f.caller_origin.map((o) => ORIGIN_TEXT[o]))} numbers`);
  if (f.tier?.length) parts.push(`that are ${or(f.tier.map((t) => `tier-${t}`))}`);
  if (f.hooked === true) parts.push('that were hooked');
  if (f.hooked === false) parts.push('that were not hooked');
  if (f.caller_area_code?.length) parts.push(`from area code ${or(f.caller_area_code)}`);
  if (f.disconnect_reason?.length) parts.push(`that ended because ${or(f.disconnect_reason.map((r) => DISCONNECT_LABELS[r]))}`);
  const d = durationText(f.min_duration_sec, f.max_duration_sec);
  if (d) parts.push(d);
  if (f.min_dollars_asked !== undefined) parts.push(`asking for ${fmtUsd(f.min_dollars_asked)} or more in all`);
  if (f.max_dollars_asked !== undefined) parts.push(`asking for at most ${fmtUsd(f.max_dollars_asked)} in all`);
  if (f.min_asks !== undefined) parts.push(`with ${fmtInt(f.min_asks)} or more separate dollar asks`);
  if (f.min_single_ask !== undefined) parts.push(`with a single ask of ${fmtUsd(f.min_single_ask)} or more`);
  if (f.has?.length) parts.push(`with ${andList(f.has.map((h) => HAS_TEXT[h] ?? h.replace(/_/g, ' ')))}`);
  if (f.has_intel !== undefined) parts.push(f.has_intel ? 'with any intel extracted' : 'with no intel extracted');
  if (f.q?.length) parts.push(`whose transcript mentions ${andList(f.q.map((q) => `"${q}"`))}`);
  return parts.join(', ');
}
