// Ethereum addresses against EIP-55's published examples: mixed-case checksummed addresses,
// and all-caps and all-lower addresses (valid, without a checksum).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eip55, ethValid } from '../../../src/domain/indicators/index.js';

const EIP55_MIXED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];

const flipCase = (s: string, i: number) =>
  s.slice(0, i) + (s[i] === s[i].toUpperCase() ? s[i].toLowerCase() : s[i].toUpperCase()) + s.slice(i + 1);

describe('ethValid and eip55', () => {
  it('accepts the EIP-55 examples: mixed case, all caps, all lower', () => {
    for (const a of [...EIP55_MIXED, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER]) assert.equal(ethValid(a), true, a);
  });

  it('spells the lower-case form of each mixed-case example exactly as EIP-55 publishes it', () => {
    for (const a of EIP55_MIXED) assert.equal(eip55(a.slice(2).toLowerCase()), a);
  });

  it('rejects each mixed-case example with the case of any one letter flipped', () => {
    let flipped = 0;
    for (const a of EIP55_MIXED) {
      for (let i = 2; i < a.length; i++) {
        if (!/[a-fA-F]/.test(a[i])) continue;
        assert.equal(ethValid(flipCase(a, i)), false, `${a} with letter ${i} flipped`);
        flipped++;
      }
    }
    assert.ok(flipped > 40);
  });

  it('rejects wrong lengths, a missing 0x and non-hex digits', () => {
    const a = EIP55_ALL_LOWER[0];
    for (const v of [a.slice(0, -1), a + '0', a.slice(2), '0X' + a.slice(2), a.slice(0, -1) + 'g', '0x', '', `0x${'0'.repeat(5000)}`]) {
      assert.equal(ethValid(v), false, v);
    }
  });
});
