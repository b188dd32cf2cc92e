// Domain knowledge behind the demo data: what payment methods and values (banks, gift cards,
// remote-desktop apps, URLs) the calls draw from, the honeypot's personas, how long calls
// last, and how amounts are named. The plain lists a value is picked from (names, streets,
// cities, URL words) are data, in pools.json; the lures are in lures.ts, the caller's and the
// persona's words in phrases.ts. Weights are relative shares; they are tuned to look like a
// plausible honeypot week, not to match any published statistic.

export type PaymentMethod =
  'gift_card' | 'wire_transfer' | 'zelle' | 'crypto_atm' | 'bitcoin' | 'cash_by_mail' | 'bank_transfer' | 'venmo' | 'cash_app';

export type Chain = 'BTC' | 'ETH' | 'TRON';
export type Weighted<T> = readonly (readonly [T, number])[];

/** How a payment method is collected, which decides the tier-1 details a call can reveal. */
export type Payload = 'gift_card' | 'mule' | 'wallet' | 'drop' | 'holder';
export const PAYLOAD_OF: Record<PaymentMethod, Payload> = {
  gift_card: 'gift_card',
  wire_transfer: 'mule',
  zelle: 'mule',
  bank_transfer: 'mule',
  crypto_atm: 'wallet',
  bitcoin: 'wallet',
  cash_by_mail: 'drop',
  venmo: 'holder',
  cash_app: 'holder',
};

// ---------------------------------------------------------------- value lists

export const GIFT_CARD_BRANDS: Weighted<string> = [
  ['Apple', 30],
  ['Google Play', 20],
  ['Target', 12],
  ['Walmart', 10],
  ['Steam', 8],
  ['Amazon', 8],
  ['eBay', 6],
  ['Visa Vanilla', 6],
];

export const REMOTE_DESKTOP_APPS: Weighted<string> = [
  ['AnyDesk', 40],
  ['TeamViewer', 20],
  ['UltraViewer', 20],
  ['ScreenConnect', 12],
  ['LogMeIn', 8],
];

export const REMOTE_DESKTOP_SITES: Record<string, string> = {
  AnyDesk: 'anydesk.com',
  TeamViewer: 'teamviewer.com',
  UltraViewer: 'ultraviewer.net',
  ScreenConnect: 'screenconnect.com',
  LogMeIn: 'logmein.com',
};

export const MULE_BANKS: Weighted<string> = [
  ['Chase', 15],
  ['Bank of America', 13],
  ['Wells Fargo', 12],
  ['TD Bank', 6],
  ['Citibank', 6],
  ['PNC', 5],
  ['Truist', 4],
  ['Capital One', 6],
  ['U.S. Bank', 4],
  ['Regions', 3],
  ['Navy Federal Credit Union', 3],
  ['Chime', 10],
  ['Varo', 4],
];

export const PERSONAS = [
  { id: 'margaret', name: 'Margaret', surname: 'Ellis', sir: "ma'am", grand: 'Grandma', weight: 30 },
  { id: 'harold', name: 'Harold', surname: 'Jennings', sir: 'sir', grand: 'Grandpa', weight: 25 },
  { id: 'dolores', name: 'Dolores', surname: 'Whitaker', sir: "ma'am", grand: 'Grandma', weight: 20 },
  { id: 'walter', name: 'Walter', surname: 'Kowalski', sir: 'sir', grand: 'Grandpa', weight: 15 },
  { id: 'edith', name: 'Edith', surname: 'Marsh', sir: "ma'am", grand: 'Grandma', weight: 10 },
] as const;
export type Persona = (typeof PERSONAS)[number];

export const URL_TLDS: Weighted<string> = [
  ['com', 40],
  ['net', 15],
  ['support', 8],
  ['help', 8],
  ['online', 8],
  ['info', 6],
  ['xyz', 6],
  ['live', 5],
  ['site', 4],
];
export const URL_PATHS: Weighted<string> = [
  ['', 50],
  ['/verify', 10],
  ['/claim', 8],
  ['/login', 10],
  ['/refund', 7],
  ['/case', 8],
  ['/secure/session', 7],
];
/** Look-alike slugs for brands whose name alone would make a dull domain. */
export const BRAND_SLUGS: Record<string, readonly string[]> = {
  Amazon: ['amzn', 'amazon', 'amaz0n'],
  PayPal: ['paypal', 'paypa1', 'pp'],
  Microsoft: ['microsoft', 'msft', 'windows'],
  Apple: ['apple', 'icloud', 'appleid'],
  'Geek Squad': ['geeksquad', 'geek-squad', 'gsquad'],
  Norton: ['norton', 'nortonlife'],
  'Wells Fargo': ['wellsfargo', 'wf'],
  'Bank of America': ['bofa', 'bankofamerica'],
  Chase: ['chase', 'chaseonline'],
  Coinbase: ['coinbase', 'c0inbase'],
  'Publishers Clearing House': ['pch', 'pchprize'],
  USPS: ['usps', 'usps-parcel'],
  UPS: ['ups', 'ups-track'],
  FedEx: ['fedex', 'fedx'],
  Medicare: ['medicare', 'mymedicare'],
  'PG&E': ['pge', 'pgande'],
  'Duke Energy': ['duke-energy', 'dukeenergy'],
};

// ---------------------------------------------------------------- dispositions

export const DURATION_SHAPES = {
  /** Median and sigma of the long-call lognormal per outcome (short hang-ups are separate). */
  none: { shortShare: 0.8, median: 50, sigma: 0.9 },
  tier3: { shortShare: 0.47, median: 135, sigma: 0.9 },
  tier2: { shortShare: 0, median: 270, sigma: 1.0 },
  tier1: { shortShare: 0, median: 600, sigma: 1.0 },
} as const;

// ---------------------------------------------------------------- dollars

/** US-style money: "$1,500", "$399.99". */
export function formatUsd(n: number): string {
  const whole = Math.floor(n);
  const cents = Math.round((n - whole) * 100);
  const s = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents ? `$${s}.${String(cents).padStart(2, '0')}` : `$${s}`;
}

/** Rounds to the amounts people actually name: $35, $480, $2,500, $12,000 — or $1,499. */
export function niceAmount(v: number, oddChance: number, u: number): number {
  let step: number;
  if (v < 100) step = 5;
  else if (v < 1000) step = 10;
  else if (v < 10000) step = 50;
  else if (v < 100000) step = 500;
  else step = 5000;
  const r = Math.max(step, Math.round(v / step) * step);
  return u < oddChance && r > 100 ? r - 1 : r;
}
