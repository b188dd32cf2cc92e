// Bitcoin addresses against the published test vectors of BIP-173 (bech32) and BIP-350
// (bech32m), and well-known legacy addresses. We judge mainnet addresses only: the vectors'
// testnet (tb1…) addresses are valid segwit but not addresses a scammer can be paid at.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { btcValid } from '../../../src/domain/indicators/index.js';

/** BIP-350 "valid segwit addresses" on mainnet (the v0 one is also BIP-173's). */
const BIP350_VALID_MAINNET = [
  'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
  'BC1SW50QGDZ25J',
  'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
];

/** BIP-350 valid addresses on testnet: well-formed, but not mainnet. */
const BIP350_VALID_TESTNET = [
  'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
  'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
  'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
];

/** BIP-350 "invalid segwit addresses", each with its published reason. */
const BIP350_INVALID: Record<string, string> = {
  tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut: 'invalid human-readable part',
  bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd: 'Bech32 instead of Bech32m',
  tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf: 'Bech32 instead of Bech32m',
  BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL: 'Bech32 instead of Bech32m',
  bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh: 'Bech32m instead of Bech32',
  tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47: 'Bech32m instead of Bech32',
  bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4: 'invalid character in checksum',
  BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R: 'invalid witness version',
  bc1pw5dgrnzv: 'invalid program length (1 byte)',
  bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav: 'invalid program length (41 bytes)',
  BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P: 'invalid program length for witness version 0',
  tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq: 'mixed case',
  bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf: 'zero padding of more than 4 bits',
  tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j: 'non-zero padding in 8-to-5 conversion',
  bc1gmk9yu: 'empty data section',
};

/** BIP-173 "invalid segwit addresses" (mainnet and testnet), each with its published reason. */
const BIP173_INVALID: Record<string, string> = {
  tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty: 'invalid human-readable part',
  bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5: 'invalid checksum',
  BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2: 'invalid witness version',
  bc1rw5uspcuh: 'invalid program length',
  bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90: 'invalid program length',
  BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P: 'invalid program length for witness version 0',
  tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7: 'mixed case',
  bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du: 'zero padding of more than 4 bits',
  tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv: 'non-zero padding in 8-to-5 conversion',
  bc1gmk9yu: 'empty data section',
};

/** BIP-173's valid v1+ addresses, written with bech32: BIP-350 made them invalid (v1+ needs bech32m). */
const BIP173_V1_PLUS_NOW_INVALID = [
  'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
  'BC1SW50QA3JX3S',
  'bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj',
];

/** Legacy base58check addresses: the genesis block's coinbase (P2PKH) and the Bitcoin wiki's P2PKH and P2SH examples. */
const LEGACY_VALID = ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'];

describe('btcValid', () => {
  it('accepts the BIP-350 valid mainnet addresses, v0 (bech32) and v1–v16 (bech32m)', () => {
    for (const a of BIP350_VALID_MAINNET) assert.equal(btcValid(a), true, a);
  });

  it('rejects the BIP-350 and BIP-173 invalid addresses', () => {
    for (const [a, why] of [...Object.entries(BIP350_INVALID), ...Object.entries(BIP173_INVALID)]) {
      assert.equal(btcValid(a), false, `${a}: ${why}`);
    }
  });

  it('rejects v1+ addresses checksummed with bech32 (valid under BIP-173, invalid since BIP-350)', () => {
    for (const a of BIP173_V1_PLUS_NOW_INVALID) assert.equal(btcValid(a), false, a);
  });

  it('rejects testnet addresses: mainnet only', () => {
    for (const a of BIP350_VALID_TESTNET) assert.equal(btcValid(a), false, a);
  });

  it('accepts legacy P2PKH and P2SH addresses and rejects one changed character', () => {
    for (const a of LEGACY_VALID) {
      assert.equal(btcValid(a), true, a);
      const last = a.at(-1) === 'a' ? 'b' : 'a';
      assert.equal(btcValid(a.slice(0, -1) + last), false, `${a} with its last character changed`);
      assert.equal(btcValid(a.slice(0, 5) + (a[5] === 'z' ? 'y' : 'z') + a.slice(6)), false, `${a} with its 6th character changed`);
    }
  });

  it('rejects base58check strings of another version, characters outside base58, and overlong input', () => {
    assert.equal(btcValid('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'), false); // TRON: version 0x41
    assert.equal(btcValid('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0'), false); // '0' is not base58
    assert.equal(btcValid('1' + 'A'.repeat(5000)), false);
    assert.equal(btcValid('bc1' + 'q'.repeat(5000)), false);
    assert.equal(btcValid(''), false);
  });
});
