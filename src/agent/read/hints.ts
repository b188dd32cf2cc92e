// Words that usually name a value of a field ("irs" an agency, "zelle" a payment method,
// "anydesk" a remote desktop tool). They only tell the planner that a value is named and
// where to look first: every value is then matched against the org's own data (values.ts),
// which decides the field and the label, or says the value is unknown.

import type { ValueField } from './values.js';

/** [pattern on the normalised text, the value as typed for matching, the fields to try first]. */
type Hint = [RegExp, string, ValueField[]];

const B: ValueField[] = ['impersonated_brand'];
/** Brands that are also gift card brands. */
const BG: ValueField[] = ['impersonated_brand', 'gift_card_brand'];
const A: ValueField[] = ['impersonated_government_agency'];
const P: ValueField[] = ['payment_method'];
const L: ValueField[] = ['lure_category'];
const K: ValueField[] = ['mule_bank_name', 'impersonated_brand'];
const R: ValueField[] = ['remote_desktop_app'];
const C: ValueField[] = ['crypto_chain'];

export const HINTS: Hint[] = [
  // agencies
  [/\b(?:the )?irs\b|\binternal revenue(?: service)?\b/, 'IRS', A],
  [/\bsocial security administration\b|\bssa\b/, 'Social Security Administration', A],
  [/\bfbi\b/, 'FBI', A],
  [/\bdea\b/, 'DEA', A],
  [/\bftc\b|\bfederal trade commission\b/, 'FTC', A],
  [/\bcms\b/, 'CMS', A],
  [/\bu ?s marshals?\b|\bus marshals?\b|\bmarshals?(?: service)?\b/, 'U.S. Marshals', A],
  [/\b(?:county )?sheriff(?:'s)?(?: office| department)?\b/, 'County Sheriff', A],
  // lures (scam types)
  [/\btech(?:nical)? support\b/, 'TECH_SUPPORT', L],
  [/\brefunds?\b/, 'REFUND', L],
  [/\bsocial security\b/, 'SOCIAL_SECURITY', ['lure_category', 'impersonated_government_agency']],
  [/\bbank fraud(?: alerts?)?\b|\bfraud alerts?\b/, 'BANK_FRAUD_ALERT', L],
  [/\bcrypto(?:currency)? invest(?:ment|ing)s?\b|\binvestment\b/, 'CRYPTO_INVESTMENT', L],
  [/\butility(?: shut ?offs?)?\b|\bshut ?offs?\b|\butilities\b/, 'UTILITY_SHUTOFF', L],
  [/\bgrand(?:parent|ma|pa|kid|child)s?\b|\bgrandparent scams?\b/, 'GRANDPARENT', L],
  [/\b(?:prize|lottery|lotto|sweepstakes?|giveaway)s?\b/, 'PRIZE_LOTTERY', L],
  [/\bloans?(?: approvals?)?\b/, 'LOAN_APPROVAL', L],
  [/\bjury(?: duty)?\b/, 'JURY_DUTY', L],
  // Not "packages sent to a drop address": parcels a mule receives are no delivery scam.
  [
    /\b(?:packages?|parcels?)(?! (?:(?:being|are|were|was|is|get|got) )?(?:sent|shipped|mailed|delivered|going|forwarded|dropped) (?:off )?(?:to|at)\b)(?: deliver(?:y|ies))?\b|\bdeliver(?:y|ies)\b/,
    'PACKAGE_DELIVERY',
    L,
  ],
  [/\bmedicare\b/, 'MEDICARE', ['lure_category', 'impersonated_brand']],
  [/\birs tax\b|\btax(?:es)?\b/, 'IRS_TAX', L],
  // payment methods
  [/\b(?:crypto|bitcoin|btc) atms?\b/, 'crypto_atm', P],
  [/\bwire(?:d)?(?: transfers?)?\b/, 'wire_transfer', P],
  [/\bbank transfers?\b/, 'bank_transfer', P],
  [/\bcash by mail\b|\bmail(?:ing|ed)? cash\b|\bcash (?:in|through) the mail\b/, 'cash_by_mail', P],
  [/\bcash ?app\b/, 'cash_app', P],
  [/\bvenmo\b/, 'venmo', P],
  [/\bzelle\b/, 'zelle', ['payment_method', 'impersonated_brand']],
  [/\bgift ?cards?\b/, 'gift_card', P],
  [/\bbitcoin\b/, 'bitcoin', ['payment_method', 'crypto_chain']],
  // crypto chains
  [/\bbtc\b/, 'BTC', C],
  [/\bethereum\b/, 'ETH', C],
  [/\beth\b(?= (?:wallets?|chain|coins?|address(?:es)?|payments?))|(?<=\b(?:in|via|with|using|of|on) )eth\b/, 'ETH', C],
  [/\btron\b|\btrx\b/, 'TRON', C],
  // remote desktop tools
  [/\bany ?desk\b/, 'AnyDesk', R],
  [/\bteam ?viewer\b/, 'TeamViewer', R],
  [/\bultra ?viewer\b/, 'UltraViewer', R],
  [/\bscreen ?connect\b/, 'ScreenConnect', R],
  [/\blog ?me ?in\b/, 'LogMeIn', R],
  // banks (also brands in bank-fraud calls)
  [/\bchase(?: bank)?\b|\bjp ?morgan\b/, 'Chase', K],
  [/\bbank of america\b|\bbofa\b|\bboa\b/, 'Bank of America', K],
  [/\bwells fargo\b|\bwells\b/, 'Wells Fargo', K],
  [/\btd bank\b|\btd\b/, 'TD Bank', K],
  [/\bciti(?:bank)?\b/, 'Citibank', K],
  [/\bpnc\b/, 'PNC', K],
  [/\btruist\b/, 'Truist', K],
  [/\bcapital one\b|\bcap one\b/, 'Capital One', K],
  [/\bu ?s bank\b/, 'U.S. Bank', K],
  [/\bregions bank\b/, 'Regions', K],
  [/\bnavy federal(?: credit union)?\b/, 'Navy Federal Credit Union', K],
  [/\bchime\b/, 'Chime', K],
  [/\bvaro\b/, 'Varo', K],
  // brands
  [/\bamazon\b/, 'Amazon', BG],
  [/\bpay ?pal\b/, 'PayPal', B],
  [/\bmicrosoft\b|\bwindows\b/, 'Microsoft', B],
  [/\bapple\b|\bicloud\b/, 'Apple', BG],
  [/\bnorton\b/, 'Norton', B],
  [/\bgeek squad\b/, 'Geek Squad', B],
  [/\bmcafee\b/, 'McAfee', B],
  [/\bwalmart\b/, 'Walmart', BG],
  [/\bbest buy\b/, 'Best Buy', B],
  [/\bdell\b/, 'Dell', B],
  [/\bhp\b|\bhewlett packard\b/, 'HP', B],
  [/\bgoogle play\b/, 'Google Play', ['gift_card_brand', 'impersonated_brand']],
  [/\bgoogle\b/, 'Google', BG],
  [/\bvisa vanilla\b|\bvanilla visa\b|\bvanilla\b/, 'Visa Vanilla', ['gift_card_brand']],
  [/\bcoinbase\b/, 'Coinbase', B],
  [/\bbinance\b/, 'Binance', B],
  [/\bcrypto ?com\b/, 'Crypto.com', B],
  [/\bkraken\b/, 'Kraken', B],
  [/\btesla\b/, 'Tesla', B],
  [/\brobinhood\b/, 'Robinhood', B],
  [/\bduke energy\b/, 'Duke Energy', B],
  [/\bpg ?(?:and|&) ?e\b|\bpge\b/, 'PG&E', B],
  [/\bcon ?ed(?:ison)?\b/, 'Con Edison', B],
  [/\bpublishers clearing house\b|\bpch\b/, 'Publishers Clearing House', B],
  [/\bmega millions\b/, 'Mega Millions', B],
  [/\bpowerball\b/, 'Powerball', B],
  [/\blending ?tree\b/, 'LendingTree', B],
  [/\brocket mortgage\b/, 'Rocket Mortgage', B],
  [/\baarp\b/, 'AARP', B],
  [/\bhumana\b/, 'Humana', B],
  [/\bunited ?health(?:care)?\b/, 'UnitedHealthcare', B],
  [/\busps\b|\bpostal service\b/, 'USPS', B],
  [/(?<!\bhang[ -]?|\bfollow[ -]?|\bpick[ -]?|\bstart[ -]?)\bups\b/, 'UPS', B],
  [/\bfed ?ex\b/, 'FedEx', B],
  [/\bdhl\b/, 'DHL', B],
  [/\btarget\b/, 'Target', BG],
  [/\bcostco\b/, 'Costco', B],
  [/\bnetflix\b/, 'Netflix', B],
  [/\bsteam\b/, 'Steam', ['gift_card_brand']],
  [/\bebay\b/, 'eBay', ['gift_card_brand', 'impersonated_brand']],
  // personas
  [/\bmargaret\b/, 'margaret', ['persona']],
  [/\bharold\b/, 'harold', ['persona']],
  [/\bdolores\b/, 'dolores', ['persona']],
  [/\bwalter\b/, 'walter', ['persona']],
  [/\bedith\b/, 'edith', ['persona']],
];

/** Values that are also everyday words: taken only next to a cue ("target gift cards", "tax scams") or typed capitalised. */
const WEAK = new Set([
  'gift_card',
  'Target',
  'Microsoft',
  'Wells Fargo',
  'Steam',
  'Chase',
  'Apple',
  'IRS_TAX',
  'PACKAGE_DELIVERY',
  'CRYPTO_INVESTMENT',
  'LOAN_APPROVAL',
  'REFUND',
  'UTILITY_SHUTOFF',
  'PRIZE_LOTTERY',
  'wire_transfer',
  'TRON',
  'TD Bank',
  'UPS',
  'HP',
  'CMS',
  'DEA',
  'County Sheriff',
  'U.S. Marshals',
  'JURY_DUTY',
  'GRANDPARENT',
  'Google',
  'Tesla',
  'Dell',
  'Visa Vanilla',
]);

const CUE =
  /\b(?:scams?|scammers?|calls?|callers?|lures?|impersonat\w*|pretend\w*|claim\w*|posing|posed|gift|cards?|bank|banks|accounts?|paid|pay|payments?|via|using|through|persona|from|about|mentioning|scheme|schemes|fraud|ones|fake|asked|asking|ask|wanted|demanded|requested|buy|bought|send|sent|wallets?|chain|coins?|tokens?|usdt|usdc|tether|stablecoins?|trc-?20|erc-?20|address(?:es)?|handed|gave|shared)\b/;

export interface HintHit {
  index: number;
  length: number;
  typed: string;
  fields: ValueField[];
}

/** "amazon more common than microsoft": the value after a comparison is compared with one before it. */
export const COMPARED_TO = /\b(?:more|less|fewer|bigger|higher|lower|longer|shorter|busier|rarer)\b(?: [a-z]+)? than$/;

function cueNear(text: string, index: number, length: number): boolean {
  const before = text.slice(0, index).trim().split(/\s+/).slice(-3).join(' ');
  const after = text
    .slice(index + length)
    .trim()
    .split(/\s+/)
    .slice(0, 3)
    .join(' ');
  // A value listed with another ("bank of america or chase") is a value too.
  return CUE.test(before) || CUE.test(after) || /(?:,|\bor|\band|\bvs|\bversus|\bnor)$/.test(before) || COMPARED_TO.test(before);
}

/**
 * Every hinted value in the text, longest first where they overlap, in order of appearance.
 * `capitalised` tells whether the word was typed with a capital (a name, not a word).
 */
export function hintsIn(text: string, capitalised: (word: string) => boolean = () => false): HintHit[] {
  const hits: HintHit[] = [];
  for (const [re, typed, fields] of HINTS) {
    const g = new RegExp(re.source, 'g');
    let m: RegExpExecArray | null;
    while ((m = g.exec(text))) {
      if (WEAK.has(typed) && !capitalised(m[0]) && !cueNear(text, m.index, m[0].length)) continue;
      hits.push({ index: m.index, length: m[0].length, typed, fields });
    }
  }
  hits.sort((a, b) => b.length - a.length || a.index - b.index);
  const kept: HintHit[] = [];
  for (const h of hits) if (!kept.some((k) => h.index < k.index + k.length && k.index < h.index + h.length)) kept.push(h);
  return kept.sort((a, b) => a.index - b.index);
}
