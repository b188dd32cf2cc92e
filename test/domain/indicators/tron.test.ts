// TRON addresses: base58check with version byte 0x41 ("T…", 34 characters).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tronValid } from '../../../src/domain/indicators/index.js';

/** The USDT (TRC-20) token contract. */
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('tronValid', () => {
  it('accepts the USDT TRC-20 contract address', () => {
    assert.equal(tronValid(USDT_CONTRACT), true);
    assert.equal(tronValid(` ${USDT_CONTRACT} `), true);
  });

  it('rejects every single-character substitution after the T (base58check catches them)', () => {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    for (let i = 1; i < USDT_CONTRACT.length; i++) {
      for (const c of [alphabet[(alphabet.indexOf(USDT_CONTRACT[i]) + 1) % 58], alphabet[(alphabet.indexOf(USDT_CONTRACT[i]) + 29) % 58]]) {
        const v = USDT_CONTRACT.slice(0, i) + c + USDT_CONTRACT.slice(i + 1);
        assert.equal(tronValid(v), false, v);
      }
    }
  });

  it('rejects a Bitcoin address (version 0x00), a short or long address, lower-case t and non-base58', () => {
    for (const v of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      USDT_CONTRACT.slice(0, -1),
      USDT_CONTRACT + '1',
      't' + USDT_CONTRACT.slice(1),
      USDT_CONTRACT.slice(0, -1) + '0',
      '',
      'T',
    ]) {
      assert.equal(tronValid(v), false, v);
    }
  });
});
