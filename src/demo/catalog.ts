// Domain knowledge behind the demo data: the lures scam call centres work, what each one
// impersonates, how it asks to be paid, how much it asks for, and how the caller talks.
// Weights are relative shares; they are tuned to look like a plausible honeypot week, not
// to match any published statistic.

export type PaymentMethod =
  | 'gift_card'
  | 'wire_transfer'
  | 'zelle'
  | 'crypto_atm'
  | 'bitcoin'
  | 'cash_by_mail'
  | 'bank_transfer'
  | 'venmo'
  | 'cash_app';

export type Chain = 'BTC' | 'ETH' | 'TRON';
export type Weighted<T> = readonly (readonly [T, number])[];

/** What a caller line may refer to; every non-null value here is also in the extraction. */
export interface ScriptContext {
  sir: string; // "ma'am" / "sir"
  personaName: string;
  personaSurname: string;
  grand: string; // "Grandma" / "Grandpa"
  brand: string | null;
  agency: string | null;
  org: string | null;
  agent: string | null;
  /** The dangled amount, formatted like "$399.99". */
  dangled: string | null;
}

type Line = (c: ScriptContext) => string;

export interface LureSpec {
  category: string;
  weight: number;
  brands: Weighted<string>;
  agencies: Weighted<string>;
  /** Chance that a tier-1/2 call names the agency. */
  agencyChance: number;
  payments: Weighted<PaymentMethod>;
  remoteDesktopChance: number;
  phishingChance: number;
  chains: Weighted<Chain>;
  orgs: readonly string[];
  departments: readonly string[];
  /** Titles for the fake agent ("Officer") when the lure poses as law enforcement. */
  titles: readonly string[];
  /** Range of the first dollar ask; later asks escalate from it. */
  ask: { min: number; max: number };
  dangled: { chance: number; min: number; max: number; cents: boolean } | null;
  /** Caller lines spoken before the introduction (the "grandson" before the "lawyer"). */
  preamble: readonly Line[];
  /** The pitch: what is wrong, or what is on offer. */
  hooks: readonly Line[];
  /** Slugs for look-alike domains when the call names no brand. */
  urlSlugs: readonly string[];
}

const D_CHAINS: Weighted<Chain> = [
  ['BTC', 75],
  ['TRON', 15],
  ['ETH', 10],
];

const refundOf = (c: ScriptContext) => (c.dangled ? `a refund of ${c.dangled}` : 'a full refund');

export const LURES: readonly LureSpec[] = [
  {
    category: 'REFUND',
    weight: 16,
    brands: [['Amazon', 35], ['PayPal', 15], ['Geek Squad', 15], ['Norton', 12], ['Microsoft', 6], ['Apple', 5], ['McAfee', 5], ['Walmart', 4], ['Best Buy', 3]],
    agencies: [['FTC', 1]],
    agencyChance: 0.05,
    payments: [['gift_card', 45], ['zelle', 15], ['wire_transfer', 10], ['bank_transfer', 10], ['crypto_atm', 10], ['cash_by_mail', 10]],
    remoteDesktopChance: 0.7,
    phishingChance: 0.2,
    chains: D_CHAINS,
    orgs: ['Customer Refund Services LLC', 'National Refund Desk', 'Secure Billing Solutions', 'US Consumer Refund Center', 'Digital Protection Services'],
    departments: ['refund department', 'billing department', 'cancellation desk', 'customer care'],
    titles: [],
    ask: { min: 299, max: 1499 },
    dangled: { chance: 0.9, min: 199, max: 499, cents: true },
    preamble: [],
    hooks: [
      (c) => `Your ${c.brand ?? 'annual'} subscription renewed automatically and you were charged. You are eligible for ${refundOf(c)}.`,
      (c) => `We see an order on your account you did not make. We will process ${refundOf(c)} today, ${c.sir}.`,
      (c) => `Your protection plan was cancelled, so ${refundOf(c)} is waiting for you. I just need to put it in your bank account.`,
      (c) => `By mistake our system sent you too much money. You were supposed to get ${refundOf(c)} but our agent typed the wrong amount.`,
    ],
    urlSlugs: ['refund', 'billing'],
  },
  {
    category: 'TECH_SUPPORT',
    weight: 14,
    brands: [['Microsoft', 35], ['Apple', 20], ['Norton', 10], ['Geek Squad', 8], ['McAfee', 8], ['Amazon', 6], ['Dell', 4], ['HP', 4], ['Google', 5]],
    agencies: [['FBI', 3], ['FTC', 2]],
    agencyChance: 0.08,
    payments: [['gift_card', 45], ['zelle', 10], ['wire_transfer', 10], ['crypto_atm', 15], ['bank_transfer', 10], ['cash_app', 5], ['venmo', 5]],
    remoteDesktopChance: 0.85,
    phishingChance: 0.2,
    chains: D_CHAINS,
    orgs: ['Global Tech Solutions', 'Windows Technical Support Department', 'SecureNet Support Services', 'PC Care Helpdesk', 'Cyber Shield Technologies', 'Network Security Team'],
    departments: ['technical support', 'security department', 'support team', 'online safety team'],
    titles: [],
    ask: { min: 199, max: 999 },
    dangled: { chance: 0.25, min: 149, max: 399, cents: true },
    preamble: [],
    hooks: [
      (c) => `Your computer is sending us error messages. Hackers from overseas are using your IP address right now, ${c.sir}.`,
      () => `We detected a virus on your computer. Your bank details and photos are being stolen as we speak.`,
      (c) => `Your ${c.brand ?? 'computer'} license has expired and your device has been blocked for security.`,
      (c) => `Your security subscription expired.${c.dangled ? ` If you do not want to renew, we can give you ${c.dangled} back.` : ''} But first I need to clean the virus.`,
    ],
    urlSlugs: ['support', 'helpdesk'],
  },
  {
    category: 'IRS_TAX',
    weight: 7,
    brands: [],
    agencies: [['IRS', 85], ['U.S. Marshals', 6], ['FBI', 5], ['DEA', 4]],
    agencyChance: 0.92,
    payments: [['gift_card', 40], ['crypto_atm', 25], ['wire_transfer', 15], ['cash_by_mail', 10], ['bank_transfer', 10]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.08,
    chains: D_CHAINS,
    orgs: ['Tax Resolution Department', 'Federal Tax Compliance Unit', 'Legal Enforcement Division'],
    departments: ['enforcement division', 'tax crimes unit', 'collections department'],
    titles: ['Officer', 'Agent', 'Inspector'],
    ask: { min: 2000, max: 9000 },
    dangled: null,
    preamble: [],
    hooks: [
      (c) => `There is a lawsuit filed against you for tax evasion, ${c.sir}. An arrest warrant will be issued today unless you settle the back taxes.`,
      () => `We found errors in your tax returns for the last four years. You owe a penalty and the police are on their way.`,
      () => `This is your final notice before legal action. Your social security number has been suspended because of unpaid taxes.`,
    ],
    urlSlugs: ['irs', 'taxpayment'],
  },
  {
    category: 'SOCIAL_SECURITY',
    weight: 9,
    brands: [],
    agencies: [['Social Security Administration', 80], ['FBI', 8], ['DEA', 7], ['FTC', 5]],
    agencyChance: 0.9,
    payments: [['crypto_atm', 30], ['gift_card', 25], ['cash_by_mail', 20], ['wire_transfer', 15], ['bank_transfer', 10]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.05,
    chains: D_CHAINS,
    orgs: ['Office of Inspector General Fraud Unit', 'National Benefits Protection Bureau', 'Federal Protection Program'],
    departments: ['fraud division', 'legal department', 'benefits protection unit'],
    titles: ['Officer', 'Agent', 'Special Agent'],
    ask: { min: 3000, max: 20000 },
    dangled: { chance: 0.1, min: 500, max: 3000, cents: false },
    preamble: [],
    hooks: [
      () => `Your social security number was found in a car at the Texas border with drugs and cash. Your number will be suspended.`,
      (c) => `Your benefits are frozen, ${c.sir}, because your number was used to open twenty bank accounts.`,
      (c) => `To protect your savings we must move them to a secure government account.${c.dangled ? ` You will also receive ${c.dangled} in back benefits.` : ''}`,
    ],
    urlSlugs: ['ssa', 'socialsecurity'],
  },
  {
    category: 'BANK_FRAUD_ALERT',
    weight: 10,
    brands: [['Wells Fargo', 18], ['Chase', 18], ['Bank of America', 18], ['Citibank', 8], ['Capital One', 8], ['PayPal', 8], ['Zelle', 6], ['Coinbase', 6], ['Navy Federal Credit Union', 4], ['U.S. Bank', 4]],
    agencies: [['FTC', 3], ['FBI', 2]],
    agencyChance: 0.12,
    payments: [['zelle', 35], ['wire_transfer', 25], ['crypto_atm', 20], ['bank_transfer', 15], ['gift_card', 5]],
    remoteDesktopChance: 0.3,
    phishingChance: 0.25,
    chains: D_CHAINS,
    orgs: ['Fraud Prevention Department', 'Account Security Center', 'Federal Reserve Protection Unit'],
    departments: ['fraud department', 'security team', 'fraud prevention unit'],
    titles: [],
    ask: { min: 1000, max: 10000 },
    dangled: null,
    preamble: [],
    hooks: [
      (c) => `We stopped a suspicious charge on your ${c.brand ?? 'bank'} account, ${c.sir}. Someone in another state is trying to withdraw your money.`,
      () => `Your account has been compromised by an employee at your branch. Do not go to the branch and do not tell anyone.`,
      () => `We need to move your funds to a new protected account until the investigation is finished.`,
    ],
    urlSlugs: ['secure', 'verify'],
  },
  {
    category: 'GIFT_CARD',
    weight: 5,
    brands: [['Walmart', 25], ['Amazon', 20], ['Target', 15], ['Apple', 15], ['Costco', 10], ['Best Buy', 10]],
    agencies: [],
    agencyChance: 0,
    payments: [['gift_card', 100]],
    remoteDesktopChance: 0.05,
    phishingChance: 0.1,
    chains: D_CHAINS,
    orgs: ['Customer Rewards Center', 'National Shopper Rewards', 'Loyalty Appreciation Program'],
    departments: ['rewards department', 'customer appreciation team'],
    titles: [],
    ask: { min: 500, max: 2500 },
    dangled: { chance: 0.5, min: 500, max: 1000, cents: false },
    preamble: [],
    hooks: [
      (c) => `You have been selected as a loyal customer${c.dangled ? ` for a ${c.dangled} reward card` : ''}. We only need to activate it with a small purchase.`,
      () => `Your gift card balance was hacked and we must verify the cards before they are cancelled.`,
      () => `There is a problem with your account and the only way to fix it is to load the amount onto new cards.`,
    ],
    urlSlugs: ['rewards', 'giftcard'],
  },
  {
    category: 'CRYPTO_INVESTMENT',
    weight: 6,
    brands: [['Coinbase', 30], ['Binance', 20], ['Crypto.com', 15], ['Kraken', 10], ['Tesla', 10], ['Robinhood', 8]],
    agencies: [['FTC', 1]],
    agencyChance: 0.03,
    payments: [['bitcoin', 35], ['crypto_atm', 25], ['bank_transfer', 25], ['wire_transfer', 15]],
    remoteDesktopChance: 0.25,
    phishingChance: 0.45,
    chains: [['BTC', 35], ['ETH', 30], ['TRON', 35]],
    orgs: ['Apex Digital Assets', 'Quantum Yield Capital', 'BlockTrust Investments', 'Meridian Crypto Fund', 'GoldChain Trading'],
    departments: ['investment desk', 'account managers', 'VIP trading desk'],
    titles: [],
    ask: { min: 5000, max: 50000 },
    dangled: { chance: 0.6, min: 20000, max: 250000, cents: false },
    preamble: [],
    hooks: [
      (c) => `Our trading robot makes eight percent every week, ${c.sir}.${c.dangled ? ` In three months your account will show ${c.dangled}.` : ''}`,
      (c) => `Your old crypto account still has a balance${c.dangled ? ` of ${c.dangled}` : ''}. To withdraw it you must pay the release tax first.`,
      () => `This is a limited opportunity for retirees only. Guaranteed returns, no risk at all.`,
    ],
    urlSlugs: ['trade', 'invest'],
  },
  {
    category: 'UTILITY_SHUTOFF',
    weight: 5,
    brands: [['Duke Energy', 20], ['PG&E', 20], ['Con Edison', 15], ['Southern California Edison', 12], ['Florida Power & Light', 12], ['Georgia Power', 10], ['Dominion Energy', 8], ['National Grid', 8], ['Xcel Energy', 5]],
    agencies: [],
    agencyChance: 0,
    payments: [['gift_card', 30], ['zelle', 25], ['cash_app', 20], ['venmo', 10], ['crypto_atm', 15]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.1,
    chains: D_CHAINS,
    orgs: ['Disconnection Department', 'Energy Billing Services', 'Utility Collections Unit'],
    departments: ['disconnection department', 'billing office'],
    titles: [],
    ask: { min: 300, max: 1200 },
    dangled: null,
    preamble: [],
    hooks: [
      (c) => `Your ${c.brand ?? 'electric'} account is past due, ${c.sir}. A technician is on the way to shut off your power within the hour.`,
      () => `Your last two payments were returned by the bank. Service will be disconnected at noon today.`,
      () => `Your meter needs to be replaced and there is a deposit required or the power goes off today.`,
    ],
    urlSlugs: ['billpay', 'energy'],
  },
  {
    category: 'GRANDPARENT',
    weight: 5,
    brands: [],
    agencies: [['County Sheriff', 70], ['U.S. Marshals', 10]],
    agencyChance: 0.35,
    payments: [['cash_by_mail', 45], ['gift_card', 20], ['wire_transfer', 15], ['zelle', 10], ['crypto_atm', 10]],
    remoteDesktopChance: 0,
    phishingChance: 0,
    chains: D_CHAINS,
    orgs: ['Legal Bail Services LLC', 'County Public Defender Office', 'Pretrial Release Services'],
    departments: ['public defender office', 'bail office'],
    titles: ['Attorney', 'Sergeant', 'Officer'],
    ask: { min: 3000, max: 15000 },
    dangled: null,
    preamble: [
      (c) => `${c.grand}? It's me. I'm in trouble, please don't tell Mom.`,
      (c) => `${c.grand}, it's your grandson. I had an accident and my nose is broken, that's why I sound funny.`,
    ],
    hooks: [
      () => `Your grandson was in a car accident and the other driver was pregnant. He is being held and needs bail today.`,
      () => `He was arrested with another boy who had drugs in the car. There is a gag order, so you cannot talk to anyone about this.`,
    ],
    urlSlugs: ['bail', 'bond'],
  },
  {
    category: 'PRIZE_LOTTERY',
    weight: 6,
    brands: [['Publishers Clearing House', 50], ['Mega Millions', 15], ['Powerball', 10], ["Reader's Digest", 8], ['Walmart', 7], ['Amazon', 5]],
    agencies: [['FTC', 1]],
    agencyChance: 0.15,
    payments: [['gift_card', 35], ['wire_transfer', 20], ['cash_by_mail', 15], ['cash_app', 10], ['bank_transfer', 10], ['crypto_atm', 10]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.15,
    chains: D_CHAINS,
    orgs: ['American Prize Commission', 'National Sweepstakes Bureau', 'Prize Claims Department', 'Consumer Awards Board'],
    departments: ['prize department', 'claims office', 'winners department'],
    titles: [],
    ask: { min: 250, max: 2500 },
    dangled: { chance: 0.95, min: 50000, max: 2500000, cents: false },
    preamble: [],
    hooks: [
      (c) => `Congratulations ${c.sir}, you are our second place winner${c.dangled ? ` of ${c.dangled}` : ''} and a brand new Mercedes!`,
      (c) => `Your name was drawn in the national sweepstakes.${c.dangled ? ` The prize is ${c.dangled}.` : ''} We only need to clear the taxes and insurance.`,
    ],
    urlSlugs: ['prize', 'winners'],
  },
  {
    category: 'LOAN_APPROVAL',
    weight: 4,
    brands: [['LendingTree', 25], ['Rocket Mortgage', 20], ['OneMain Financial', 20], ['Wells Fargo', 15], ['Chase', 10], ['SoFi', 10]],
    agencies: [],
    agencyChance: 0,
    payments: [['gift_card', 40], ['zelle', 20], ['cash_app', 15], ['venmo', 10], ['wire_transfer', 15]],
    remoteDesktopChance: 0.1,
    phishingChance: 0.3,
    chains: D_CHAINS,
    orgs: ['Capital Express Lending', 'FirstPoint Financial', 'Approval Express Funding', 'United Credit Solutions'],
    departments: ['loan department', 'underwriting team'],
    titles: [],
    ask: { min: 150, max: 900 },
    dangled: { chance: 0.9, min: 5000, max: 35000, cents: false },
    preamble: [],
    hooks: [
      (c) => `Good news, ${c.sir}, your loan${c.dangled ? ` of ${c.dangled}` : ''} has been approved. Bad credit is no problem.`,
      (c) => `The funds${c.dangled ? ` of ${c.dangled}` : ''} are ready to deposit. We only need the first payment as insurance to show you are reliable.`,
    ],
    urlSlugs: ['loans', 'approval'],
  },
  {
    category: 'MEDICARE',
    weight: 6,
    brands: [['Medicare', 60], ['AARP', 20], ['Humana', 10], ['UnitedHealthcare', 10]],
    agencies: [['CMS', 80], ['Social Security Administration', 20]],
    agencyChance: 0.45,
    payments: [['gift_card', 30], ['zelle', 20], ['cash_app', 20], ['bank_transfer', 30]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.1,
    chains: D_CHAINS,
    orgs: ['Medicare Benefits Enrollment Center', 'National Health Benefits', 'Senior Care Advisory'],
    departments: ['benefits department', 'enrollment office'],
    titles: [],
    ask: { min: 100, max: 600 },
    dangled: { chance: 0.4, min: 600, max: 3600, cents: false },
    preamble: [],
    hooks: [
      (c) => `We are issuing the new plastic cards with a chip and your old card expires this week, ${c.sir}.`,
      (c) => `You qualify for extra benefits${c.dangled ? ` worth ${c.dangled} a year` : ''} and a free back brace. I only need to verify your information.`,
    ],
    urlSlugs: ['medicare', 'benefits'],
  },
  {
    category: 'JURY_DUTY',
    weight: 3,
    brands: [],
    agencies: [['County Sheriff', 70], ['U.S. Marshals', 30]],
    agencyChance: 0.95,
    payments: [['gift_card', 40], ['crypto_atm', 30], ['cash_app', 10], ['zelle', 20]],
    remoteDesktopChance: 0,
    phishingChance: 0.05,
    chains: D_CHAINS,
    orgs: ['Court Compliance Office', 'Warrant Resolution Department', 'Federal Court Services'],
    departments: ['warrants division', 'civil process unit'],
    titles: ['Sergeant', 'Deputy', 'Lieutenant'],
    ask: { min: 1000, max: 5000 },
    dangled: null,
    preamble: [],
    hooks: [
      (c) => `You missed jury duty last month, ${c.sir}, and the judge signed a bench warrant for your arrest.`,
      () => `You can clear the warrant today by paying the fine, or deputies will come to your house tonight.`,
    ],
    urlSlugs: ['court', 'warrant'],
  },
  {
    category: 'PACKAGE_DELIVERY',
    weight: 4,
    brands: [['UPS', 30], ['USPS', 30], ['FedEx', 25], ['DHL', 10], ['Amazon', 5]],
    agencies: [],
    agencyChance: 0,
    payments: [['gift_card', 25], ['zelle', 25], ['cash_app', 15], ['venmo', 15], ['crypto_atm', 20]],
    remoteDesktopChance: 0.03,
    phishingChance: 0.5,
    chains: D_CHAINS,
    orgs: ['Customs Clearance Department', 'International Shipping Services', 'Parcel Resolution Center'],
    departments: ['customs department', 'delivery exceptions team'],
    titles: [],
    ask: { min: 50, max: 500 },
    dangled: null,
    preamble: [],
    hooks: [
      (c) => `We have a package for you held at customs, ${c.sir}. It cannot be delivered until the duty is paid.`,
      () => `Your parcel was returned because of an incomplete address. There is a redelivery fee.`,
    ],
    urlSlugs: ['parcel', 'track'],
  },
];

// ---------------------------------------------------------------- value lists

export const GIFT_CARD_BRANDS: Weighted<string> = [
  ['Apple', 30], ['Google Play', 20], ['Target', 12], ['Walmart', 10], ['Steam', 8], ['Amazon', 8], ['eBay', 6], ['Visa Vanilla', 6],
];

export const REMOTE_DESKTOP_APPS: Weighted<string> = [
  ['AnyDesk', 40], ['TeamViewer', 20], ['UltraViewer', 20], ['ScreenConnect', 12], ['LogMeIn', 8],
];

export const REMOTE_DESKTOP_SITES: Record<string, string> = {
  AnyDesk: 'anydesk.com',
  TeamViewer: 'teamviewer.com',
  UltraViewer: 'ultraviewer.net',
  ScreenConnect: 'screenconnect.com',
  LogMeIn: 'logmein.com',
};

export const MULE_BANKS: Weighted<string> = [
  ['Chase', 15], ['Bank of America', 13], ['Wells Fargo', 12], ['TD Bank', 6], ['Citibank', 6], ['PNC', 5], ['Truist', 4],
  ['Capital One', 6], ['U.S. Bank', 4], ['Regions', 3], ['Navy Federal Credit Union', 3], ['Chime', 10], ['Varo', 4],
];

export const PERSONAS = [
  { id: 'margaret', name: 'Margaret', surname: 'Ellis', sir: "ma'am", grand: 'Grandma', weight: 30 },
  { id: 'harold', name: 'Harold', surname: 'Jennings', sir: 'sir', grand: 'Grandpa', weight: 25 },
  { id: 'dolores', name: 'Dolores', surname: 'Whitaker', sir: "ma'am", grand: 'Grandma', weight: 20 },
  { id: 'walter', name: 'Walter', surname: 'Kowalski', sir: 'sir', grand: 'Grandpa', weight: 15 },
  { id: 'edith', name: 'Edith', surname: 'Marsh', sir: "ma'am", grand: 'Grandma', weight: 10 },
] as const;
export type Persona = (typeof PERSONAS)[number];

export const AGENT_FIRST = [
  'Kevin', 'Steve', 'Mark', 'John', 'David', 'Daniel', 'Jessica', 'Jennifer', 'Sarah', 'Michael', 'Peter', 'Alex',
  'Ryan', 'James', 'Robert', 'William', 'Emily', 'Lisa', 'Brian', 'Jason', 'Eric', 'Tom', 'Nancy', 'Jack',
] as const;
export const AGENT_LAST = [
  'Smith', 'Johnson', 'Williams', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor', 'Thomas', 'Moore', 'Martin',
  'Jacobs', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Brooks', 'Parker', 'Cooper', 'Adams', 'Baker',
] as const;

export const HOLDER_FIRST = [
  'Marcus', 'Tanya', 'Jose', 'Kimberly', 'Andre', 'Brittany', 'Luis', 'Crystal', 'Darnell', 'Amber', 'Tyler', 'Ashley',
  'Kevin', 'Monique', 'Carlos', 'Heather', 'Dmitri', 'Latoya', 'Brandon', 'Priya', 'Samuel', 'Nicole', 'Omar', 'Destiny',
] as const;
export const HOLDER_LAST = [
  'Reed', 'Holloway', 'Ramirez', 'Nash', 'Thompson', 'Coleman', 'Gutierrez', 'Patel', 'Bennett', 'Foster', 'Hughes',
  'Mendoza', 'Price', 'Sanders', 'Ward', 'Simmons', 'Bryant', 'Russell', 'Griffin', 'Hayes', 'Ortiz', 'Powell',
] as const;
export const HOLDER_BUSINESS_A = ['Bright', 'Global', 'Prime', 'Sunrise', 'Metro', 'Eagle', 'Summit', 'Blue Ridge', 'Golden', 'Liberty'] as const;
export const HOLDER_BUSINESS_B = ['Logistics', 'Trading', 'Imports', 'Wholesale', 'Consulting', 'Holdings', 'Supply', 'Enterprises'] as const;
export const HOLDER_BUSINESS_C = ['LLC', 'Inc', 'Corp', 'Group LLC'] as const;

export const STREET_NAMES = [
  'Oakwood', 'Maple', 'Cedar', 'Pine', 'Elm', 'Washington', 'Lincoln', 'Park', 'Lakeview', 'Hillcrest', 'Sunset',
  'Main', 'Ridge', 'Willow', 'Magnolia', 'Highland', 'Jefferson', 'Franklin', 'Meadow', 'River',
] as const;
export const STREET_SUFFIXES = ['St', 'Ave', 'Dr', 'Ln', 'Blvd', 'Ct', 'Rd', 'Way'] as const;
export const DROP_CITIES: readonly (readonly [city: string, state: string, zip: string])[] = [
  ['Houston', 'TX', '77072'], ['Queens', 'NY', '11432'], ['Miami', 'FL', '33147'], ['Atlanta', 'GA', '30318'],
  ['Newark', 'NJ', '07108'], ['Chicago', 'IL', '60629'], ['Los Angeles', 'CA', '90011'], ['Las Vegas', 'NV', '89101'],
  ['Phoenix', 'AZ', '85009'], ['Charlotte', 'NC', '28205'], ['Philadelphia', 'PA', '19140'], ['Columbus', 'OH', '43205'],
  ['Jersey City', 'NJ', '07306'], ['Baltimore', 'MD', '21217'], ['Dallas', 'TX', '75216'], ['Orlando', 'FL', '32811'],
  ['Brooklyn', 'NY', '11226'], ['Detroit', 'MI', '48204'], ['San Antonio', 'TX', '78207'], ['Tampa', 'FL', '33610'],
];

export const URL_WORDS = ['refund', 'secure', 'support', 'help', 'billing', 'verify', 'claims', 'portal', 'desk', 'center', 'online', 'service', 'account', 'login'] as const;
export const URL_TLDS: Weighted<string> = [
  ['com', 40], ['net', 15], ['support', 8], ['help', 8], ['online', 8], ['info', 6], ['xyz', 6], ['live', 5], ['site', 4],
];
export const URL_PATHS: Weighted<string> = [
  ['', 50], ['/verify', 10], ['/claim', 8], ['/login', 10], ['/refund', 7], ['/case', 8], ['/secure/session', 7],
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

// ---------------------------------------------------------------- transcript phrases

export const PERSONA_GREETINGS: readonly Line[] = [
  () => 'Hello?',
  () => "Hello, who's calling?",
  (c) => `${c.personaName} speaking.`,
  () => 'Yes, hello? Is this the pharmacy?',
  (c) => `Hello, this is the ${c.personaSurname} residence.`,
];

export const PERSONA_REACTIONS: readonly Line[] = [
  () => 'Oh my goodness.',
  () => 'Oh dear. Oh my.',
  () => 'Well I never. Is that so?',
  () => 'Now who did you say you were with again?',
  () => 'Oh, I did wonder about that.',
  () => "I'm sorry, could you say that again a little slower? My hearing aid is acting up.",
  () => 'Goodness. What do I need to do?',
];

export const PERSONA_STALLS: Record<Persona['id'] | 'any', readonly string[]> = {
  any: [
    'Let me find my glasses, hold on.',
    'Hold on, the kettle is whistling.',
    'Which button is that, dear?',
    'I wrote it on the back of an envelope, let me find a pen.',
    'The computer is so slow today.',
    "Is this going to take long? My program comes on at four.",
    'Could you spell that for me?',
    "My grandson usually helps me with these things. He's coming Sunday.",
    'Wait, the screen went all black. Oh, no, there it is.',
    'Sorry, somebody is at the door. Can you hold?',
  ],
  margaret: ['Mr. Whiskers, get down from there! Sorry, the cat.', 'My late husband always handled the bills, you see.'],
  harold: ['Back in the Navy we did things on paper, you know.', "Hang on, I'm putting my hearing aid back in."],
  dolores: ["I have bingo at the church at six, so we'll need to hurry.", "Let me turn down the television."],
  walter: ["Ruth used to do all of this. She passed in '19.", "I'm looking for my reading glasses, they were right here."],
  edith: ["I was just out in the garden, let me wash my hands.", "Is this the same thing my neighbor got a call about?"],
};

export const CALLER_PRESSURE: readonly Line[] = [
  (c) => `${cap(c.sir)}, please stay focused, this is very urgent.`,
  () => 'Do not hang up the phone, and do not tell anyone about this call.',
  (c) => `${cap(c.sir)}, if you disconnect, the case will be escalated.`,
  () => 'Are you in front of your computer now?',
  () => 'I am waiting, please hurry up.',
  (c) => `Don't worry ${c.sir}, I am here to help you.`,
  () => 'Are you still there? Hello?',
  () => 'This is a recorded line for your protection.',
];

export const NULL_CALL_SCRIPTS: readonly (readonly (readonly ['caller' | 'persona' | 'system', string])[])[] = [
  [['persona', 'Hello?'], ['persona', 'Hello? Is anybody there?'], ['system', 'No speech detected from caller.']],
  [['caller', 'This is an important message regarding your account. Press one to speak with a representative.'], ['persona', 'Hello? Is this a real person?']],
  [['caller', 'Hello, can you hear me?'], ['persona', 'Yes, I can hear you. Who is this?'], ['caller', 'Hello?']],
  [['persona', 'Hello, who is calling?'], ['caller', 'Sorry, wrong number.']],
  [['caller', 'Hello ma\'am, how are you today?'], ['persona', "I'm fine dear, who's this?"]],
];

export const CLOSINGS = {
  caller_hung_up_normal: [
    'You are wasting my time.',
    'I will call you back later.',
    'Forget it.',
    'Okay, I will call you back in ten minutes. Do not go anywhere.',
    'You are not a serious person.',
  ],
  ai_session_capped: 'Session limit reached; persona disconnected.',
  websocket_issue_our_side: 'Media stream dropped on our side.',
  voice_engine_issue: 'Voice engine error; persona went silent.',
} as const;

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

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
