// Crypto wallet addresses judged by the chain they were given for (crypto_chain as stored).

import { btcValid } from './bitcoin.js';
import { ethValid } from './ethereum.js';
import { tronValid } from './tron.js';

export type WalletChain = 'bitcoin' | 'ethereum' | 'tron';

/** Chain spellings, compared lower-case without spaces or punctuation ("USDT (TRC-20)" → "usdttrc20"). */
const CHAINS: Record<string, WalletChain> = {
  bitcoin: 'bitcoin',
  btc: 'bitcoin',
  ethereum: 'ethereum',
  eth: 'ethereum',
  ether: 'ethereum',
  erc20: 'ethereum',
  usdterc20: 'ethereum',
  tron: 'tron',
  trx: 'tron',
  trc20: 'tron',
  usdttrc20: 'tron',
};

/** Chains we know but do not check: their addresses are not judged, never guessed at as another chain's. */
const OTHER_CHAINS = new Set([
  'litecoin',
  'ltc',
  'monero',
  'xmr',
  'solana',
  'sol',
  'dogecoin',
  'doge',
  'ripple',
  'xrp',
  'bitcoincash',
  'bch',
  'cardano',
  'ada',
  'bnb',
  'bsc',
  'bep20',
  'polygon',
  'matic',
  'ton',
]);

const chainKey = (chain: string) => chain.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The chain an address's shape points to, or null when it looks like none we check. */
function inferChain(addr: string): WalletChain | null {
  if (/^0x/i.test(addr)) return 'ethereum';
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(addr)) return 'tron';
  if (/^(bc1|[13])/i.test(addr)) return 'bitcoin';
  return null;
}

/**
 * The chain to check `addr` against: the named chain when we know it (case-insensitive),
 * else (no chain, or one we do not know, e.g. "USDT") the chain the address's shape points to;
 * null when neither tells.
 */
export function walletChain(chain: string | null, addr: string): WalletChain | null {
  if (chain !== null) {
    const key = chainKey(chain);
    if (CHAINS[key]) return CHAINS[key];
    if (OTHER_CHAINS.has(key)) return null;
  }
  return inferChain(addr.trim());
}

const CHECKS: Record<WalletChain, (addr: string) => boolean> = { bitcoin: btcValid, ethereum: ethValid, tron: tronValid };

/** true/false once the chain is known (named or inferred); null when it cannot be judged. */
export function walletValid(chain: string | null, addr: string): boolean | null {
  const c = walletChain(chain, addr);
  return c === null ? null : CHECKS[c](addr);
}
