// Well-formed identifiers for the demo data: routing numbers with valid ABA checksums,
// checksummed BTC/TRON addresses, Twilio-style call SIDs and NANP caller IDs. Everything is
// drawn from the caller's Rng so a seed reproduces the same values.

import { createHash } from 'node:crypto';
import { Rng, WeightedTable } from './random.js';

// ---------------------------------------------------------------- call SIDs

/** Twilio call SID shape: `CA` + 32 lower-case hex digits. */
export function callSid(rng: Rng): string {
  return 'CA' + rng.hex(32);
}

// ---------------------------------------------------------------- ABA routing numbers

const ROUTING_PREFIXES: readonly number[] = [
  ...Array.from({ length: 12 }, (_, i) => i + 1), // 01–12: Federal Reserve districts
  ...Array.from({ length: 12 }, (_, i) => i + 21), // 21–32: thrift institutions
];

/** A routing number passing the ABA check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function routingNumber(rng: Rng): string {
  const d = new Array<number>(9);
  const prefix = rng.pick(ROUTING_PREFIXES);
  d[0] = Math.floor(prefix / 10);
  d[1] = prefix % 10;
  for (let i = 2; i < 8; i++) d[i] = rng.int(0, 9);
  const partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
  d[8] = (10 - (partial % 10)) % 10;
  return d.join('');
}

/** Account number lengths that look right for each bank (default 10). */
const ACCOUNT_LENGTHS: Record<string, readonly number[]> = {
  Chase: [9, 10, 12],
  'Bank of America': [12],
  'Wells Fargo': [10],
  'TD Bank': [10],
  Citibank: [8, 9, 10],
  PNC: [10],
  Truist: [13],
  'Capital One': [10],
  'U.S. Bank': [12],
  Regions: [10],
  'Navy Federal Credit Union': [10],
  Chime: [12],
  Varo: [12],
};

export function accountNumber(rng: Rng, bank?: string): string {
  const lengths = (bank && ACCOUNT_LENGTHS[bank]) || [8, 10, 11, 12];
  return rng.digits(rng.pick(lengths), true);
}

// ---------------------------------------------------------------- base58check / bech32

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return '1'.repeat(zeros) + out;
}

/** version byte(s) + payload + first 4 bytes of SHA-256(SHA-256(version + payload)). */
function base58check(version: number, payload: Uint8Array): string {
  const body = new Uint8Array(1 + payload.length);
  body[0] = version;
  body.set(payload, 1);
  const check = sha256(sha256(body)).subarray(0, 4);
  const full = new Uint8Array(body.length + 4);
  full.set(body);
  full.set(check, body.length);
  return base58Encode(full);
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GEN[i];
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

function convertBits(data: Uint8Array, from: number, to: number): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (bits > 0) out.push((acc << (to - bits)) & max);
  return out;
}

/** Segwit v0 address (BIP-173 bech32): `bc1q` + 20-byte program + 6-char checksum. */
function bech32SegwitV0(hrp: string, program: Uint8Array): string {
  const data = [0, ...convertBits(program, 8, 5)];
  const mod = bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return hrp + '1' + [...data, ...checksum].map((v) => BECH32[v]).join('');
}

// ---------------------------------------------------------------- wallets

export type CryptoChain = 'BTC' | 'ETH' | 'TRON';

const BTC_KIND = new WeightedTable<'bech32' | 'p2pkh' | 'p2sh'>([
  ['bech32', 60],
  ['p2pkh', 25],
  ['p2sh', 15],
]);

export function btcAddress(rng: Rng): string {
  const hash160 = rng.bytes(20);
  switch (BTC_KIND.pick(rng)) {
    case 'bech32':
      return bech32SegwitV0('bc', hash160);
    case 'p2pkh':
      return base58check(0x00, hash160); // starts with 1
    case 'p2sh':
      return base58check(0x05, hash160); // starts with 3
  }
}

/** Lower-case hex is a valid (non-checksummed) EIP-55 address; keccak is not in node:crypto. */
function ethAddress(rng: Rng): string {
  return '0x' + rng.hex(40);
}

/** TRON: base58check of 0x41 + 20 bytes; always 34 characters starting with `T`. */
export function tronAddress(rng: Rng): string {
  return base58check(0x41, rng.bytes(20));
}

export function walletAddress(rng: Rng, chain: CryptoChain): string {
  return chain === 'BTC' ? btcAddress(rng) : chain === 'ETH' ? ethAddress(rng) : tronAddress(rng);
}

// ---------------------------------------------------------------- caller IDs

/** Real US area codes (with their state) across many states, DC and Puerto Rico. */
export const US_AREA_CODES: readonly (readonly [code: string, state: string, weight: number])[] = [
  ['212', 'NY', 4],
  ['718', 'NY', 4],
  ['917', 'NY', 4],
  ['646', 'NY', 3],
  ['332', 'NY', 1],
  ['347', 'NY', 2],
  ['516', 'NY', 1],
  ['631', 'NY', 1],
  ['914', 'NY', 1],
  ['716', 'NY', 1],
  ['202', 'DC', 3],
  ['305', 'FL', 4],
  ['786', 'FL', 3],
  ['407', 'FL', 2],
  ['813', 'FL', 2],
  ['954', 'FL', 2],
  ['561', 'FL', 2],
  ['904', 'FL', 1],
  ['213', 'CA', 3],
  ['310', 'CA', 3],
  ['415', 'CA', 2],
  ['323', 'CA', 2],
  ['408', 'CA', 2],
  ['619', 'CA', 2],
  ['714', 'CA', 2],
  ['818', 'CA', 2],
  ['916', 'CA', 1],
  ['510', 'CA', 1],
  ['713', 'TX', 3],
  ['832', 'TX', 3],
  ['214', 'TX', 2],
  ['469', 'TX', 2],
  ['512', 'TX', 2],
  ['210', 'TX', 2],
  ['817', 'TX', 1],
  ['281', 'TX', 1],
  ['312', 'IL', 3],
  ['773', 'IL', 2],
  ['847', 'IL', 1],
  ['404', 'GA', 3],
  ['678', 'GA', 2],
  ['770', 'GA', 1],
  ['206', 'WA', 2],
  ['425', 'WA', 1],
  ['617', 'MA', 2],
  ['508', 'MA', 1],
  ['702', 'NV', 2],
  ['602', 'AZ', 2],
  ['480', 'AZ', 1],
  ['787', 'PR', 1],
  ['939', 'PR', 1],
  ['215', 'PA', 2],
  ['412', 'PA', 1],
  ['201', 'NJ', 2],
  ['973', 'NJ', 1],
  ['732', 'NJ', 1],
  ['216', 'OH', 1],
  ['614', 'OH', 1],
  ['513', 'OH', 1],
  ['313', 'MI', 1],
  ['248', 'MI', 1],
  ['704', 'NC', 1],
  ['919', 'NC', 1],
  ['303', 'CO', 1],
  ['720', 'CO', 1],
  ['612', 'MN', 1],
  ['314', 'MO', 1],
  ['816', 'MO', 1],
  ['615', 'TN', 1],
  ['901', 'TN', 1],
  ['504', 'LA', 1],
  ['410', 'MD', 1],
  ['301', 'MD', 1],
  ['703', 'VA', 1],
  ['804', 'VA', 1],
  ['503', 'OR', 1],
  ['801', 'UT', 1],
  ['405', 'OK', 1],
  ['502', 'KY', 1],
  ['317', 'IN', 1],
  ['414', 'WI', 1],
  ['205', 'AL', 1],
  ['803', 'SC', 1],
  ['808', 'HI', 1],
  ['907', 'AK', 1],
  ['505', 'NM', 1],
  ['203', 'CT', 1],
];

const AREA_TABLE = new WeightedTable(US_AREA_CODES.map(([code, , w]) => [code, w] as const));
const TOLL_FREE = ['800', '833', '844', '855', '866', '877', '888'] as const;
const CANADIAN = ['416', '647', '604', '514', '403', '613'] as const;

/** Exchange (NXX): first digit 2–9, never an N11 service code. */
function exchange(rng: Rng): string {
  for (;;) {
    const x = String(rng.int(2, 9)) + rng.digits(2);
    if (x.slice(1) !== '11') return x;
  }
}

/** Ten NANP digits with a real US area code. */
export function usNumber10(rng: Rng): string {
  return AREA_TABLE.pick(rng) + exchange(rng) + rng.digits(4);
}

const US_FORMAT = new WeightedTable<'e164' | 'bare10' | 'bare11'>([
  ['e164', 94],
  ['bare10', 3],
  ['bare11', 3],
]);

type OddCaller = 'toll_free' | 'canadian' | 'uk' | 'india' | 'anonymous' | 'empty' | 'restricted';
const ODD_CALLER = new WeightedTable<OddCaller>([
  ['toll_free', 30],
  ['canadian', 22],
  ['uk', 12],
  ['india', 10],
  ['anonymous', 12],
  ['restricted', 4],
  ['empty', 10],
]);

/** A caller ID as the telephony layer reports it: mostly `+1` + 10 digits, ~3% odd ones. */
export function callerId(rng: Rng, oddShare = 0.03): string {
  if (rng.chance(oddShare)) {
    switch (ODD_CALLER.pick(rng)) {
      case 'toll_free':
        return '+1' + rng.pick(TOLL_FREE) + exchange(rng) + rng.digits(4);
      case 'canadian':
        return '+1' + rng.pick(CANADIAN) + exchange(rng) + rng.digits(4);
      case 'uk':
        return '+44' + (rng.chance(0.5) ? '20' + rng.digits(8) : '7' + rng.digits(9));
      case 'india':
        return '+91' + rng.int(6, 9) + rng.digits(9);
      case 'anonymous':
        return 'anonymous';
      case 'restricted':
        return 'Restricted';
      case 'empty':
        return '';
    }
  }
  const n = usNumber10(rng);
  switch (US_FORMAT.pick(rng)) {
    case 'e164':
      return '+1' + n;
    case 'bare10':
      return n;
    case 'bare11':
      return '1' + n;
  }
}
