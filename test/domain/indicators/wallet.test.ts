// walletValid: the chain as stored names the check (case-insensitive, common spellings); an
// unknown chain falls back to the address's shape; what neither tells is null.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { indicatorValidity, walletChain, walletValid } from '../../../src/domain/indicators/index.js';

const BTC = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'; // BIP-173
const BTC_LEGACY = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const ETH = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // EIP-55
const ETH_BAD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'; // last letter's case flipped
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const MONERO_LIKE = '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A';

describe('walletValid', () => {
  it('names the chain from crypto_chain, case-insensitive, in its common spellings', () => {
    const cases: [string, string, 'bitcoin' | 'ethereum' | 'tron'][] = [
      ['bitcoin', BTC, 'bitcoin'],
      ['BTC', BTC, 'bitcoin'],
      ['Btc', BTC_LEGACY, 'bitcoin'],
      ['ethereum', ETH, 'ethereum'],
      ['ETH', ETH, 'ethereum'],
      ['ERC20', ETH, 'ethereum'],
      ['USDT-ERC20', ETH, 'ethereum'],
      ['usdt (erc-20)', ETH, 'ethereum'],
      ['tron', TRON, 'tron'],
      ['TRX', TRON, 'tron'],
      ['TRC20', TRON, 'tron'],
      ['usdt-trc20', TRON, 'tron'],
      ['USDT TRC-20', TRON, 'tron'],
    ];
    for (const [chain, addr, want] of cases) {
      assert.equal(walletChain(chain, addr), want, chain);
      assert.equal(walletValid(chain, addr), true, `${chain} ${addr}`);
    }
  });

  it('is false when the address does not fit the chain named', () => {
    assert.equal(walletValid('BTC', ETH), false);
    assert.equal(walletValid('ETH', TRON), false);
    assert.equal(walletValid('TRON', BTC), false);
    assert.equal(walletValid('ethereum', ETH_BAD), false);
  });

  it('infers the chain from the address when crypto_chain is absent or unknown (e.g. "USDT")', () => {
    for (const chain of [null, 'USDT', 'crypto', '']) {
      assert.equal(walletValid(chain, BTC), true);
      assert.equal(walletValid(chain, BTC_LEGACY), true);
      assert.equal(walletValid(chain, ETH), true);
      assert.equal(walletValid(chain, TRON), true);
      assert.equal(walletValid(chain, ETH_BAD), false);
      assert.equal(walletValid(chain, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'), false); // BIP-173: invalid checksum
    }
  });

  it('is null when neither the chain nor the address tells, or the chain is one we do not check', () => {
    assert.equal(walletValid(null, 'hello'), null);
    assert.equal(walletValid('USDT', 'send it to my cashapp'), null);
    assert.equal(walletValid('monero', MONERO_LIKE), null);
    assert.equal(walletValid('XMR', MONERO_LIKE), null);
    assert.equal(walletValid('Litecoin', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'), null); // not judged as Bitcoin
  });
});

describe('indicatorValidity', () => {
  it('judges the routing number and wallet, null for absent values', () => {
    assert.deepEqual(indicatorValidity({ mule_bank_routing_number: '021000021', crypto_wallet_address: TRON, crypto_chain: 'TRON' }), {
      mule_bank_routing_number: true,
      crypto_wallet_address: true,
    });
    assert.deepEqual(indicatorValidity({ mule_bank_routing_number: '021000022', crypto_wallet_address: ETH_BAD, crypto_chain: null }), {
      mule_bank_routing_number: false,
      crypto_wallet_address: false,
    });
    assert.deepEqual(indicatorValidity({ mule_bank_routing_number: null, crypto_wallet_address: null, crypto_chain: 'BTC' }), {
      mule_bank_routing_number: null,
      crypto_wallet_address: null,
    });
  });
});
