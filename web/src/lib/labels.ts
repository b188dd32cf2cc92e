// Raw codes from the data (TECH_SUPPORT, gift_card, Wrapping_up, caller_hung_up_normal) in
// words. Only what is shown changes: filters and links keep the raw value the API expects.

const LURES: Record<string, string> = {
  REFUND: 'Refund',
  TECH_SUPPORT: 'Tech support',
  IRS_TAX: 'IRS / tax',
  SOCIAL_SECURITY: 'Social Security',
  BANK_FRAUD_ALERT: 'Bank fraud alert',
  GIFT_CARD: 'Gift card',
  CRYPTO_INVESTMENT: 'Crypto investment',
  UTILITY_SHUTOFF: 'Utility shut-off',
  GRANDPARENT: 'Grandparent',
  PRIZE_LOTTERY: 'Prize / lottery',
  LOAN_APPROVAL: 'Loan approval',
  MEDICARE: 'Medicare',
  JURY_DUTY: 'Jury duty',
  PACKAGE_DELIVERY: 'Package delivery',
};

const PAYMENTS: Record<string, string> = {
  gift_card: 'Gift card',
  wire_transfer: 'Wire transfer',
  zelle: 'Zelle',
  crypto_atm: 'Crypto ATM',
  bitcoin: 'Bitcoin',
  cash_by_mail: 'Cash by mail',
  bank_transfer: 'Bank transfer',
  venmo: 'Venmo',
  cash_app: 'Cash App',
  paypal: 'PayPal',
};

const CHAINS: Record<string, string> = {
  BTC: 'Bitcoin (BTC)',
  ETH: 'Ethereum (ETH)',
  TRON: 'Tron (TRX)',
  TRX: 'Tron (TRX)',
  USDT: 'Tether (USDT)',
  LTC: 'Litecoin (LTC)',
  SOL: 'Solana (SOL)',
};

export const DISCONNECT_REASONS: Record<string, string> = {
  caller_hung_up_normal: 'Caller hung up',
  websocket_issue_our_side: 'Media connection (our side)',
  voice_engine_issue: 'Voice engine issue',
  ai_session_capped: 'AI session capped',
  none: 'No reason recorded',
};

/**
 * A code in words: "TECH_SUPPORT" → "Tech support", "Wrapping_up" → "Wrapping up",
 * "cash_by_mail" → "Cash by mail". Text that is not a code (names, "Geek Squad") is kept.
 */
function words(code: string): string {
  if (!/^[A-Za-z0-9]+(_[A-Za-z0-9]+)+$/.test(code) && !/^[A-Z0-9]{4,}$/.test(code)) return code;
  const s = code.replace(/_/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const lureLabel = (v: string) => LURES[v.toUpperCase()] ?? words(v);
export const paymentLabel = (v: string) => PAYMENTS[v.toLowerCase()] ?? words(v);
export const chainLabel = (v: string) => CHAINS[v.toUpperCase()] ?? v;
export const reasonLabel = (v: string) => DISCONNECT_REASONS[v] ?? words(v);
/** Live-session states: Greeting, Engaging, Stalling, Extracting, Wrapping_up. */
export const sessionStateLabel = (v: string) => words(v);
/** Personas are ids ("margaret"): shown as names. */
export const personaLabel = (v: string) => (/^[a-z]+$/.test(v) ? v.charAt(0).toUpperCase() + v.slice(1) : v);

/** The label of a value of a call field (top-N fields, filters). */
export function valueLabel(field: string, value: string): string {
  switch (field) {
    case 'lure_category':
      return lureLabel(value);
    case 'payment_method':
      return paymentLabel(value);
    case 'crypto_chain':
      return chainLabel(value);
    case 'disconnect_reason':
      return reasonLabel(value);
    case 'persona':
      return personaLabel(value);
    default:
      return value;
  }
}
