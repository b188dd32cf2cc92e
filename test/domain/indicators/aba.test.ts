// ABA routing numbers: published numbers of large US banks pass; every single-digit change of
// one fails (the 3-7-1 weights are all coprime with 10, so a one-digit change always moves the
// sum off a multiple of 10); malformed strings and unassigned prefixes fail.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { abaValid } from '../../../src/domain/indicators/index.js';

/** Routing numbers the banks publish for ACH and wires. */
const PUBLISHED = {
  '021000021': 'JPMorgan Chase, New York',
  '322271627': 'JPMorgan Chase, California',
  '026009593': 'Bank of America, New York (wires)',
  '121000248': 'Wells Fargo, California',
  '011000015': 'Federal Reserve Bank of Boston',
};

describe('abaValid', () => {
  it('accepts routing numbers banks publish', () => {
    for (const [n, bank] of Object.entries(PUBLISHED)) assert.equal(abaValid(n), true, `${n} (${bank})`);
  });

  it('rejects every single-digit change of 021000021', () => {
    const s = '021000021';
    let changed = 0;
    for (let i = 0; i < 9; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === s[i]) continue;
        const v = s.slice(0, i) + d + s.slice(i + 1);
        assert.equal(abaValid(v), false, v);
        changed++;
      }
    }
    assert.equal(changed, 81);
  });

  it('rejects a swap the checksum catches: 012000021', () => {
    // 3·0 + 7·1 + 2 + 0 + 0 + 0 + 0 + 7·2 + 1 = 24: not a multiple of 10.
    assert.equal(abaValid('012000021'), false);
  });

  it('ignores spaces and hyphens between digit groups, and surrounding space', () => {
    assert.equal(abaValid('021 000 021'), true);
    assert.equal(abaValid('0210-0002-1'), true);
    assert.equal(abaValid(' 021000021 '), true);
  });

  it('rejects wrong lengths, other characters, all zeros and unassigned prefixes', () => {
    for (const v of ['02100002', '0210000210', 'O21000021', '021000021x', '+021000021', '02100.0021', '', '000000000', '٠٢١٠٠٠٠٢١']) {
      assert.equal(abaValid(v), false, JSON.stringify(v));
    }
    // 130000006: 3·1 + 7·3 + 6 = 30 passes the checksum, but 13 is no assigned prefix.
    assert.equal(abaValid('130000006'), false);
    // 800000006: 3·(8+0+0) + 7·(0+0+0) + (0+0+6) = 30, and 80 is assigned (traveller's cheques).
    assert.equal(abaValid('800000006'), true);
    assert.equal(abaValid('9'.repeat(10_000)), false);
  });
});
