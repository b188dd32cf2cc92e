// The lures scam call centres work: what each one impersonates, how it asks to be paid, how
// much it asks for, and what the caller says to hook the persona. Weights are relative shares.

import type { Chain, PaymentMethod, Weighted } from './catalog.js';
import type { Line, ScriptContext } from './phrases.js';

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

/** Relative shares by name, in the order they are drawn. */
type Shares<T extends string> = Partial<Record<T, number>>;

/** A lure as written below: shares by name, and what most lures leave out is left out. */
type LureData = Omit<LureSpec, 'brands' | 'agencies' | 'agencyChance' | 'payments' | 'chains' | 'titles' | 'dangled' | 'preamble'> & {
  brands?: Shares<string>;
  agencies?: Shares<string>;
  agencyChance?: number;
  payments: Shares<PaymentMethod>;
  chains?: Shares<Chain>;
  titles?: readonly string[];
  dangled?: LureSpec['dangled'];
  preamble?: readonly Line[];
};

const weighted = <T extends string>(shares: Shares<T>): Weighted<T> => Object.entries(shares) as [T, number][];

/** The chains of a lure that names none. */
const USUAL_CHAINS = weighted<Chain>({ BTC: 75, TRON: 15, ETH: 10 });

/** The lure's spec: no brand, no agency, no law-enforcement titles, no dangled sum, no preamble and the usual chains unless it says. */
function lure(d: LureData): LureSpec {
  return {
    ...d,
    brands: weighted(d.brands ?? {}),
    agencies: weighted(d.agencies ?? {}),
    agencyChance: d.agencyChance ?? 0,
    payments: weighted(d.payments),
    chains: d.chains ? weighted(d.chains) : USUAL_CHAINS,
    titles: d.titles ?? [],
    dangled: d.dangled ?? null,
    preamble: d.preamble ?? [],
  };
}

const refundOf = (c: ScriptContext) => (c.dangled ? `a refund of ${c.dangled}` : 'a full refund');

export const LURES: readonly LureSpec[] = [
  lure({
    category: 'REFUND',
    weight: 16,
    brands: { Amazon: 35, PayPal: 15, 'Geek Squad': 15, Norton: 12, Microsoft: 6, Apple: 5, McAfee: 5, Walmart: 4, 'Best Buy': 3 },
    agencies: { FTC: 1 },
    agencyChance: 0.05,
    payments: { gift_card: 45, zelle: 15, wire_transfer: 10, bank_transfer: 10, crypto_atm: 10, cash_by_mail: 10 },
    remoteDesktopChance: 0.7,
    phishingChance: 0.2,
    orgs: [
      'Customer Refund Services LLC',
      'National Refund Desk',
      'Secure Billing Solutions',
      'US Consumer Refund Center',
      'Digital Protection Services',
    ],
    departments: ['refund department', 'billing department', 'cancellation desk', 'customer care'],
    ask: { min: 299, max: 1499 },
    dangled: { chance: 0.9, min: 199, max: 499, cents: true },
    hooks: [
      (c) => `Your ${c.brand ?? 'annual'} subscription renewed automatically and you were charged. You are eligible for ${refundOf(c)}.`,
      (c) => `We see an order on your account you did not make. We will process ${refundOf(c)} today, ${c.sir}.`,
      (c) => `Your protection plan was cancelled, so ${refundOf(c)} is waiting for you. I just need to put it in your bank account.`,
      (c) => `By mistake our system sent you too much money. You were supposed to get ${refundOf(c)} but our agent typed the wrong amount.`,
    ],
    urlSlugs: ['refund', 'billing'],
  }),
  lure({
    category: 'TECH_SUPPORT',
    weight: 14,
    brands: { Microsoft: 35, Apple: 20, Norton: 10, 'Geek Squad': 8, McAfee: 8, Amazon: 6, Dell: 4, HP: 4, Google: 5 },
    agencies: { FBI: 3, FTC: 2 },
    agencyChance: 0.08,
    payments: { gift_card: 45, zelle: 10, wire_transfer: 10, crypto_atm: 15, bank_transfer: 10, cash_app: 5, venmo: 5 },
    remoteDesktopChance: 0.85,
    phishingChance: 0.2,
    orgs: [
      'Global Tech Solutions',
      'Windows Technical Support Department',
      'SecureNet Support Services',
      'PC Care Helpdesk',
      'Cyber Shield Technologies',
      'Network Security Team',
    ],
    departments: ['technical support', 'security department', 'support team', 'online safety team'],
    ask: { min: 199, max: 999 },
    dangled: { chance: 0.25, min: 149, max: 399, cents: true },
    hooks: [
      (c) => `Your computer is sending us error messages. Hackers from overseas are using your IP address right now, ${c.sir}.`,
      () => `We detected a virus on your computer. Your bank details and photos are being stolen as we speak.`,
      (c) => `Your ${c.brand ?? 'computer'} license has expired and your device has been blocked for security.`,
      (c) =>
        `Your security subscription expired.${c.dangled ? ` If you do not want to renew, we can give you ${c.dangled} back.` : ''} But first I need to clean the virus.`,
    ],
    urlSlugs: ['support', 'helpdesk'],
  }),
  lure({
    category: 'IRS_TAX',
    weight: 7,
    agencies: { IRS: 85, 'U.S. Marshals': 6, FBI: 5, DEA: 4 },
    agencyChance: 0.92,
    payments: { gift_card: 40, crypto_atm: 25, wire_transfer: 15, cash_by_mail: 10, bank_transfer: 10 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.08,
    orgs: ['Tax Resolution Department', 'Federal Tax Compliance Unit', 'Legal Enforcement Division'],
    departments: ['enforcement division', 'tax crimes unit', 'collections department'],
    titles: ['Officer', 'Agent', 'Inspector'],
    ask: { min: 2000, max: 9000 },
    hooks: [
      (c) =>
        `There is a lawsuit filed against you for tax evasion, ${c.sir}. An arrest warrant will be issued today unless you settle the back taxes.`,
      () => `We found errors in your tax returns for the last four years. You owe a penalty and the police are on their way.`,
      () => `This is your final notice before legal action. Your social security number has been suspended because of unpaid taxes.`,
    ],
    urlSlugs: ['irs', 'taxpayment'],
  }),
  lure({
    category: 'SOCIAL_SECURITY',
    weight: 9,
    agencies: { 'Social Security Administration': 80, FBI: 8, DEA: 7, FTC: 5 },
    agencyChance: 0.9,
    payments: { crypto_atm: 30, gift_card: 25, cash_by_mail: 20, wire_transfer: 15, bank_transfer: 10 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.05,
    orgs: ['Office of Inspector General Fraud Unit', 'National Benefits Protection Bureau', 'Federal Protection Program'],
    departments: ['fraud division', 'legal department', 'benefits protection unit'],
    titles: ['Officer', 'Agent', 'Special Agent'],
    ask: { min: 3000, max: 20000 },
    dangled: { chance: 0.1, min: 500, max: 3000, cents: false },
    hooks: [
      () => `Your social security number was found in a car at the Texas border with drugs and cash. Your number will be suspended.`,
      (c) => `Your benefits are frozen, ${c.sir}, because your number was used to open twenty bank accounts.`,
      (c) =>
        `To protect your savings we must move them to a secure government account.${c.dangled ? ` You will also receive ${c.dangled} in back benefits.` : ''}`,
    ],
    urlSlugs: ['ssa', 'socialsecurity'],
  }),
  lure({
    category: 'BANK_FRAUD_ALERT',
    weight: 10,
    brands: {
      'Wells Fargo': 18,
      Chase: 18,
      'Bank of America': 18,
      Citibank: 8,
      'Capital One': 8,
      PayPal: 8,
      Zelle: 6,
      Coinbase: 6,
      'Navy Federal Credit Union': 4,
      'U.S. Bank': 4,
    },
    agencies: { FTC: 3, FBI: 2 },
    agencyChance: 0.12,
    payments: { zelle: 35, wire_transfer: 25, crypto_atm: 20, bank_transfer: 15, gift_card: 5 },
    remoteDesktopChance: 0.3,
    phishingChance: 0.25,
    orgs: ['Fraud Prevention Department', 'Account Security Center', 'Federal Reserve Protection Unit'],
    departments: ['fraud department', 'security team', 'fraud prevention unit'],
    ask: { min: 1000, max: 10000 },
    hooks: [
      (c) =>
        `We stopped a suspicious charge on your ${c.brand ?? 'bank'} account, ${c.sir}. Someone in another state is trying to withdraw your money.`,
      () => `Your account has been compromised by an employee at your branch. Do not go to the branch and do not tell anyone.`,
      () => `We need to move your funds to a new protected account until the investigation is finished.`,
    ],
    urlSlugs: ['secure', 'verify'],
  }),
  lure({
    category: 'GIFT_CARD',
    weight: 5,
    brands: { Walmart: 25, Amazon: 20, Target: 15, Apple: 15, Costco: 10, 'Best Buy': 10 },
    payments: { gift_card: 100 },
    remoteDesktopChance: 0.05,
    phishingChance: 0.1,
    orgs: ['Customer Rewards Center', 'National Shopper Rewards', 'Loyalty Appreciation Program'],
    departments: ['rewards department', 'customer appreciation team'],
    ask: { min: 500, max: 2500 },
    dangled: { chance: 0.5, min: 500, max: 1000, cents: false },
    hooks: [
      (c) =>
        `You have been selected as a loyal customer${c.dangled ? ` for a ${c.dangled} reward card` : ''}. We only need to activate it with a small purchase.`,
      () => `Your gift card balance was hacked and we must verify the cards before they are cancelled.`,
      () => `There is a problem with your account and the only way to fix it is to load the amount onto new cards.`,
    ],
    urlSlugs: ['rewards', 'giftcard'],
  }),
  lure({
    category: 'CRYPTO_INVESTMENT',
    weight: 6,
    brands: { Coinbase: 30, Binance: 20, 'Crypto.com': 15, Kraken: 10, Tesla: 10, Robinhood: 8 },
    agencies: { FTC: 1 },
    agencyChance: 0.03,
    payments: { bitcoin: 35, crypto_atm: 25, bank_transfer: 25, wire_transfer: 15 },
    remoteDesktopChance: 0.25,
    phishingChance: 0.45,
    chains: { BTC: 35, ETH: 30, TRON: 35 },
    orgs: ['Apex Digital Assets', 'Quantum Yield Capital', 'BlockTrust Investments', 'Meridian Crypto Fund', 'GoldChain Trading'],
    departments: ['investment desk', 'account managers', 'VIP trading desk'],
    ask: { min: 5000, max: 50000 },
    dangled: { chance: 0.6, min: 20000, max: 250000, cents: false },
    hooks: [
      (c) =>
        `Our trading robot makes eight percent every week, ${c.sir}.${c.dangled ? ` In three months your account will show ${c.dangled}.` : ''}`,
      (c) =>
        `Your old crypto account still has a balance${c.dangled ? ` of ${c.dangled}` : ''}. To withdraw it you must pay the release tax first.`,
      () => `This is a limited opportunity for retirees only. Guaranteed returns, no risk at all.`,
    ],
    urlSlugs: ['trade', 'invest'],
  }),
  lure({
    category: 'UTILITY_SHUTOFF',
    weight: 5,
    brands: {
      'Duke Energy': 20,
      'PG&E': 20,
      'Con Edison': 15,
      'Southern California Edison': 12,
      'Florida Power & Light': 12,
      'Georgia Power': 10,
      'Dominion Energy': 8,
      'National Grid': 8,
      'Xcel Energy': 5,
    },
    payments: { gift_card: 30, zelle: 25, cash_app: 20, venmo: 10, crypto_atm: 15 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.1,
    orgs: ['Disconnection Department', 'Energy Billing Services', 'Utility Collections Unit'],
    departments: ['disconnection department', 'billing office'],
    ask: { min: 300, max: 1200 },
    hooks: [
      (c) =>
        `Your ${c.brand ?? 'electric'} account is past due, ${c.sir}. A technician is on the way to shut off your power within the hour.`,
      () => `Your last two payments were returned by the bank. Service will be disconnected at noon today.`,
      () => `Your meter needs to be replaced and there is a deposit required or the power goes off today.`,
    ],
    urlSlugs: ['billpay', 'energy'],
  }),
  lure({
    category: 'GRANDPARENT',
    weight: 5,
    agencies: { 'County Sheriff': 70, 'U.S. Marshals': 10 },
    agencyChance: 0.35,
    payments: { cash_by_mail: 45, gift_card: 20, wire_transfer: 15, zelle: 10, crypto_atm: 10 },
    remoteDesktopChance: 0,
    phishingChance: 0,
    orgs: ['Legal Bail Services LLC', 'County Public Defender Office', 'Pretrial Release Services'],
    departments: ['public defender office', 'bail office'],
    titles: ['Attorney', 'Sergeant', 'Officer'],
    ask: { min: 3000, max: 15000 },
    preamble: [
      (c) => `${c.grand}? It's me. I'm in trouble, please don't tell Mom.`,
      (c) => `${c.grand}, it's your grandson. I had an accident and my nose is broken, that's why I sound funny.`,
    ],
    hooks: [
      () => `Your grandson was in a car accident and the other driver was pregnant. He is being held and needs bail today.`,
      () => `He was arrested with another boy who had drugs in the car. There is a gag order, so you cannot talk to anyone about this.`,
    ],
    urlSlugs: ['bail', 'bond'],
  }),
  lure({
    category: 'PRIZE_LOTTERY',
    weight: 6,
    brands: { 'Publishers Clearing House': 50, 'Mega Millions': 15, Powerball: 10, "Reader's Digest": 8, Walmart: 7, Amazon: 5 },
    agencies: { FTC: 1 },
    agencyChance: 0.15,
    payments: { gift_card: 35, wire_transfer: 20, cash_by_mail: 15, cash_app: 10, bank_transfer: 10, crypto_atm: 10 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.15,
    orgs: ['American Prize Commission', 'National Sweepstakes Bureau', 'Prize Claims Department', 'Consumer Awards Board'],
    departments: ['prize department', 'claims office', 'winners department'],
    ask: { min: 250, max: 2500 },
    dangled: { chance: 0.95, min: 50000, max: 2500000, cents: false },
    hooks: [
      (c) => `Congratulations ${c.sir}, you are our second place winner${c.dangled ? ` of ${c.dangled}` : ''} and a brand new Mercedes!`,
      (c) =>
        `Your name was drawn in the national sweepstakes.${c.dangled ? ` The prize is ${c.dangled}.` : ''} We only need to clear the taxes and insurance.`,
    ],
    urlSlugs: ['prize', 'winners'],
  }),
  lure({
    category: 'LOAN_APPROVAL',
    weight: 4,
    brands: { LendingTree: 25, 'Rocket Mortgage': 20, 'OneMain Financial': 20, 'Wells Fargo': 15, Chase: 10, SoFi: 10 },
    payments: { gift_card: 40, zelle: 20, cash_app: 15, venmo: 10, wire_transfer: 15 },
    remoteDesktopChance: 0.1,
    phishingChance: 0.3,
    orgs: ['Capital Express Lending', 'FirstPoint Financial', 'Approval Express Funding', 'United Credit Solutions'],
    departments: ['loan department', 'underwriting team'],
    ask: { min: 150, max: 900 },
    dangled: { chance: 0.9, min: 5000, max: 35000, cents: false },
    hooks: [
      (c) => `Good news, ${c.sir}, your loan${c.dangled ? ` of ${c.dangled}` : ''} has been approved. Bad credit is no problem.`,
      (c) =>
        `The funds${c.dangled ? ` of ${c.dangled}` : ''} are ready to deposit. We only need the first payment as insurance to show you are reliable.`,
    ],
    urlSlugs: ['loans', 'approval'],
  }),
  lure({
    category: 'MEDICARE',
    weight: 6,
    brands: { Medicare: 60, AARP: 20, Humana: 10, UnitedHealthcare: 10 },
    agencies: { CMS: 80, 'Social Security Administration': 20 },
    agencyChance: 0.45,
    payments: { gift_card: 30, zelle: 20, cash_app: 20, bank_transfer: 30 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.1,
    orgs: ['Medicare Benefits Enrollment Center', 'National Health Benefits', 'Senior Care Advisory'],
    departments: ['benefits department', 'enrollment office'],
    ask: { min: 100, max: 600 },
    dangled: { chance: 0.4, min: 600, max: 3600, cents: false },
    hooks: [
      (c) => `We are issuing the new plastic cards with a chip and your old card expires this week, ${c.sir}.`,
      (c) =>
        `You qualify for extra benefits${c.dangled ? ` worth ${c.dangled} a year` : ''} and a free back brace. I only need to verify your information.`,
    ],
    urlSlugs: ['medicare', 'benefits'],
  }),
  lure({
    category: 'JURY_DUTY',
    weight: 3,
    agencies: { 'County Sheriff': 70, 'U.S. Marshals': 30 },
    agencyChance: 0.95,
    payments: { gift_card: 40, crypto_atm: 30, cash_app: 10, zelle: 20 },
    remoteDesktopChance: 0,
    phishingChance: 0.05,
    orgs: ['Court Compliance Office', 'Warrant Resolution Department', 'Federal Court Services'],
    departments: ['warrants division', 'civil process unit'],
    titles: ['Sergeant', 'Deputy', 'Lieutenant'],
    ask: { min: 1000, max: 5000 },
    hooks: [
      (c) => `You missed jury duty last month, ${c.sir}, and the judge signed a bench warrant for your arrest.`,
      () => `You can clear the warrant today by paying the fine, or deputies will come to your house tonight.`,
    ],
    urlSlugs: ['court', 'warrant'],
  }),
  lure({
    category: 'PACKAGE_DELIVERY',
    weight: 4,
    brands: { UPS: 30, USPS: 30, FedEx: 25, DHL: 10, Amazon: 5 },
    payments: { gift_card: 25, zelle: 25, cash_app: 15, venmo: 15, crypto_atm: 20 },
    remoteDesktopChance: 0.03,
    phishingChance: 0.5,
    orgs: ['Customs Clearance Department', 'International Shipping Services', 'Parcel Resolution Center'],
    departments: ['customs department', 'delivery exceptions team'],
    ask: { min: 50, max: 500 },
    hooks: [
      (c) => `We have a package for you held at customs, ${c.sir}. It cannot be delivered until the duty is paid.`,
      () => `Your parcel was returned because of an incomplete address. There is a redelivery fee.`,
    ],
    urlSlugs: ['parcel', 'track'],
  }),
];
