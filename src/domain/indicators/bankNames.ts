// One spelling per mule bank, so figures count a bank once however the caller or the extractor
// named it ("Chase", "JPMorgan Chase Bank, N.A." → "JPMorgan Chase").

/** Canonical name → the other spellings of it (matched as whole names, see nameKey). */
const ALIASES: Record<string, readonly string[]> = {
  'JPMorgan Chase': [
    'Chase',
    'Chase Bank',
    'Chase Bank NA',
    'JPMorgan Chase Bank',
    'JPMorgan Chase Bank NA',
    'JP Morgan Chase',
    'JP Morgan Chase Bank',
    'J P Morgan Chase',
    'JPMorganChase',
    'JPMorgan Chase & Co',
    'JPMorgan',
    'JP Morgan',
  ],
  'Bank of America': ['BofA', 'BoA', 'Bank of America NA', 'BankAmerica', 'Bank of America Corporation', 'Bank of America Corp'],
  'Wells Fargo': ['Wells Fargo Bank', 'Wells Fargo Bank NA', 'Wells Fargo & Co', 'Wells Fargo & Company', 'WellsFargo'],
  Citibank: ['Citi', 'Citibank NA', 'Citi Bank', 'CitiBank NA', 'Citigroup'],
  'TD Bank': ['TD Bank NA', 'TD', 'TD Bank America'],
  'U.S. Bank': ['US Bank', 'US Bank NA', 'USBank', 'US Bancorp'],
  'Capital One': ['Capital One Bank', 'Capital One NA', 'Capital One Bank NA', 'CapitalOne', 'Cap One'],
  PNC: ['PNC Bank', 'PNC Bank NA'],
  Truist: ['Truist Bank'],
  Regions: ['Regions Bank'],
  'Navy Federal Credit Union': ['Navy Federal', 'NFCU', 'Navy FCU', 'Navy Federal CU'],
  Chime: ['Chime Bank', 'Chime Financial'],
  Varo: ['Varo Bank', 'Varo Bank NA', 'Varo Money'],
  'Fifth Third Bank': ['Fifth Third', '5/3 Bank', 'Fifth Third Bank NA'],
  'Citizens Bank': ['Citizens', 'Citizens Bank NA', 'Citizens Financial'],
  KeyBank: ['Key Bank', 'KeyBank NA'],
  'Huntington Bank': ['Huntington', 'Huntington National Bank', 'The Huntington National Bank'],
  'Ally Bank': ['Ally', 'Ally Financial'],
  'Green Dot Bank': ['Green Dot', 'GreenDot'],
  'The Bancorp Bank': ['Bancorp Bank', 'The Bancorp'],
  USAA: ['USAA Federal Savings Bank', 'USAA Bank'],
  'Santander Bank': ['Santander', 'Santander Bank NA'],
  'HSBC Bank USA': ['HSBC', 'HSBC Bank', 'HSBC USA', 'HSBC Bank USA NA'],
  'Discover Bank': ['Discover'],
};

/** Lower case, "." and "," dropped, runs of spaces as one: "Bank of America, N.A." → "bank of america na". */
const nameKey = (name: string) => name.toLowerCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();

const CANONICAL = new Map<string, string>();
for (const [canonical, aliases] of Object.entries(ALIASES)) {
  for (const n of [canonical, ...aliases]) {
    const key = nameKey(n);
    if (CANONICAL.has(key) && CANONICAL.get(key) !== canonical) throw new Error(`bank alias "${n}" names two banks`);
    CANONICAL.set(key, canonical);
  }
}

/** The one spelling of a known bank (whole-name match, case-insensitive); any other name is returned unchanged. */
export function normaliseBankName(name: string): string {
  return CANONICAL.get(nameKey(name)) ?? name;
}

/**
 * Lower-cased values to match a stored mule_bank_name against: each given name and its one
 * spelling, so a filter or scope naming "Chase" matches calls stored as "JPMorgan Chase" and
 * calls stored before names were normalised.
 */
export function bankNameMatches(names: readonly string[]): string[] {
  return [...new Set(names.flatMap((n) => [n.trim(), normaliseBankName(n.trim())]).map((n) => n.toLowerCase()))];
}
