import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

import { areaCodeOfCallerId, parseNanp, stateOfCallerId } from '../../src/domain/areaCodes.js';
import { NANP_AREA_CODE_STATES } from '../../src/domain/nanpAreaCodes.js';

const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
];
const TERRITORIES = ['PR', 'VI', 'GU', 'AS', 'MP'];
const ALLOWED = new Set([...US_STATES, 'DC', ...TERRITORIES]);

/** A well-formed +1 number in the given area code (exchange 555, fictional line). */
const num = (areaCode: string) => `+1${areaCode}5550143`;

describe('parseNanp', () => {
  it('accepts +1 followed by 10 digits', () => {
    assert.deepEqual(parseNanp('+12025550143'), { areaCode: '202', number: '2025550143' });
  });

  it('accepts 10 bare digits and 11 bare digits starting with 1', () => {
    assert.deepEqual(parseNanp('2025550143'), { areaCode: '202', number: '2025550143' });
    assert.deepEqual(parseNanp('12025550143'), { areaCode: '202', number: '2025550143' });
  });

  it('removes spaces, dashes, dots and parentheses first', () => {
    const expected = { areaCode: '202', number: '2025550143' };
    assert.deepEqual(parseNanp('+1 (202) 555-0143'), expected);
    assert.deepEqual(parseNanp('202.555.0143'), expected);
    assert.deepEqual(parseNanp('1-202-555-0143'), expected);
    assert.deepEqual(parseNanp('(202) 555-0143'), expected);
    assert.deepEqual(parseNanp(' 202 555 0143 '), expected);
    assert.deepEqual(parseNanp('+1-202-555-0143'), expected);
    assert.deepEqual(parseNanp('1 (202) 555.0143'), expected);
  });

  it('rejects null, undefined, empty and words', () => {
    assert.equal(parseNanp(null), null);
    assert.equal(parseNanp(undefined), null);
    assert.equal(parseNanp(''), null);
    assert.equal(parseNanp('   '), null);
    assert.equal(parseNanp('anonymous'), null);
    assert.equal(parseNanp('Restricted'), null);
    assert.equal(parseNanp('unknown'), null);
  });

  it('rejects letters mixed into digits', () => {
    assert.equal(parseNanp('202555O143'), null); // letter O, not zero
    assert.equal(parseNanp('+1202555014x'), null);
    assert.equal(parseNanp('1-800-FLOWERS'), null);
    assert.equal(parseNanp('tel:+12025550143'), null);
  });

  it('rejects other country codes', () => {
    assert.equal(parseNanp('+442079460958'), null); // UK
    assert.equal(parseNanp('+44 20 7946 0958'), null);
    assert.equal(parseNanp('+33142685300'), null); // France
    assert.equal(parseNanp('+919876543210'), null); // India, 10 digits after +91
    assert.equal(parseNanp('+2025550143'), null); // + without the 1
  });

  it('rejects wrong lengths', () => {
    assert.equal(parseNanp('202555014'), null); // 9 digits
    assert.equal(parseNanp('5550143'), null); // 7 digits, no area code
    assert.equal(parseNanp('+1202555014'), null); // +1 and 9 digits
    assert.equal(parseNanp('+120255501430'), null); // +1 and 11 digits
    assert.equal(parseNanp('+112025550143'), null); // +1 then 1 then 10 digits
    assert.equal(parseNanp('22025550143'), null); // 11 digits not starting with 1
    assert.equal(parseNanp('112025550143'), null); // 12 digits
  });

  it('requires the area code to start with 2-9', () => {
    assert.equal(parseNanp('0125550143'), null); // area code starts with 0
    assert.equal(parseNanp('1125550143'), null); // area code starts with 1 (10 digits)
    assert.equal(parseNanp('+11125550143'), null); // area code starts with 1 (+1 form)
    assert.deepEqual(parseNanp('2022000000'), { areaCode: '202', number: '2022000000' });
    assert.deepEqual(parseNanp('9899999999'), { areaCode: '989', number: '9899999999' });
  });

  it('takes any exchange: CONTRACT §6 maps by area code alone', () => {
    assert.deepEqual(parseNanp('2020550143'), { areaCode: '202', number: '2020550143' }); // exchange starts with 0
    assert.deepEqual(parseNanp('2021550143'), { areaCode: '202', number: '2021550143' }); // exchange starts with 1
    assert.deepEqual(parseNanp('12021550143'), { areaCode: '202', number: '2021550143' });
    assert.deepEqual(parseNanp('+1 212 055 0143'), { areaCode: '212', number: '2120550143' });
  });

  it('rejects stray plus signs and other punctuation', () => {
    assert.equal(parseNanp('1+2025550143'), null);
    assert.equal(parseNanp('++12025550143'), null);
    assert.equal(parseNanp('202/555/0143'), null);
    assert.equal(parseNanp('202_555_0143'), null);
  });
});

describe('stateOfCallerId', () => {
  it('maps the New York City overlays to NY', () => {
    for (const ac of ['332', '917', '646', '212', '718', '347', '929']) {
      assert.equal(stateOfCallerId(num(ac)), 'NY', ac);
    }
  });

  it('maps recent overlays to their states', () => {
    const cases: Record<string, string> = {
      '680': 'NY',
      '838': 'NY',
      '363': 'NY',
      '624': 'NY',
      '329': 'NY',
      '945': 'TX',
      '972': 'TX',
      '214': 'TX',
      '469': 'TX',
      '726': 'TX',
      '464': 'IL',
      '872': 'IL',
      '861': 'IL',
      '659': 'AL',
      '205': 'AL',
      '235': 'MO',
      '326': 'OH',
      '283': 'OH',
      '448': 'FL',
      '656': 'FL',
      '645': 'FL',
      '728': 'FL',
      '686': 'VA',
      '983': 'CO',
      '943': 'GA',
      '564': 'WA',
      '227': 'MD',
      '472': 'NC',
      '743': 'NC',
      '984': 'NC',
      '835': 'PA',
      '582': 'PA',
      '272': 'PA',
      '854': 'SC',
      '839': 'SC',
      '463': 'IN',
      '930': 'IN',
      '820': 'CA',
      '350': 'CA',
      '369': 'CA',
      '341': 'CA',
      '628': 'CA',
      '657': 'CA',
      '747': 'CA',
      '442': 'CA',
      '279': 'CA',
      '738': 'CA',
    };
    for (const [ac, state] of Object.entries(cases)) {
      assert.equal(stateOfCallerId(num(ac)), state, ac);
    }
  });

  it('maps 202 and 771 to DC', () => {
    assert.equal(stateOfCallerId('+1 (202) 555-0143'), 'DC');
    assert.equal(stateOfCallerId('771-555-0143'), 'DC');
  });

  it('maps the territories', () => {
    assert.equal(stateOfCallerId(num('787')), 'PR');
    assert.equal(stateOfCallerId(num('939')), 'PR');
    assert.equal(stateOfCallerId(num('340')), 'VI');
    assert.equal(stateOfCallerId(num('671')), 'GU');
    assert.equal(stateOfCallerId(num('684')), 'AS');
    assert.equal(stateOfCallerId(num('670')), 'MP');
  });

  it('gives null for toll-free codes', () => {
    for (const ac of ['800', '833', '844', '855', '866', '877', '888']) {
      assert.equal(stateOfCallerId(num(ac)), null, ac);
    }
    assert.equal(stateOfCallerId('1-800-555-0143'), null);
    assert.equal(stateOfCallerId('(888) 555-0143'), null);
  });

  it('gives null for Canadian codes', () => {
    for (const ac of ['416', '604', '514', '403', '905', '613', '780', '902']) {
      assert.equal(stateOfCallerId(num(ac)), null, ac);
    }
  });

  it('gives null for the Caribbean countries and Bermuda', () => {
    for (const ac of [
      '876',
      '809',
      '829',
      '849',
      '242',
      '246',
      '264',
      '268',
      '284',
      '345',
      '441',
      '473',
      '649',
      '658',
      '664',
      '721',
      '758',
      '767',
      '784',
      '868',
      '869',
    ]) {
      assert.equal(stateOfCallerId(num(ac)), null, ac);
    }
  });

  it('gives null for service codes', () => {
    for (const ac of ['211', '311', '411', '611', '811', '911', '500', '521', '533', '600', '700', '710', '900']) {
      assert.equal(stateOfCallerId(num(ac)), null, ac);
    }
  });

  it('gives null for anything that does not parse', () => {
    assert.equal(stateOfCallerId(null), null);
    assert.equal(stateOfCallerId(undefined), null);
    assert.equal(stateOfCallerId('anonymous'), null);
    assert.equal(stateOfCallerId('+442079460958'), null);
    assert.equal(stateOfCallerId('2125550'), null);
  });

  it('maps by area code alone, whatever the exchange', () => {
    assert.equal(stateOfCallerId('+1 212 055 0143'), 'NY'); // exchange starts with 0
    assert.equal(stateOfCallerId('2121550143'), 'NY'); // exchange starts with 1
    assert.equal(stateOfCallerId('1-202-100-0000'), 'DC');
    assert.equal(areaCodeOfCallerId('+12120550143'), '212');
    assert.equal(stateOfCallerId('+18000550143'), null); // still toll-free
    assert.equal(stateOfCallerId('+14160550143'), null); // still Canada
  });
});

describe('areaCodeOfCallerId', () => {
  it('returns the area code when the state is known', () => {
    assert.equal(areaCodeOfCallerId('+1 (332) 555-0143'), '332');
    assert.equal(areaCodeOfCallerId('17875550143'), '787');
    assert.equal(areaCodeOfCallerId('771.555.0143'), '771');
  });

  it('returns null when the number is not counted for geography', () => {
    assert.equal(areaCodeOfCallerId(num('800')), null);
    assert.equal(areaCodeOfCallerId(num('416')), null);
    assert.equal(areaCodeOfCallerId(num('876')), null);
    assert.equal(areaCodeOfCallerId('anonymous'), null);
    assert.equal(areaCodeOfCallerId(null), null);
  });

  it('agrees with stateOfCallerId on every mapped code', () => {
    for (const ac of Object.keys(NANP_AREA_CODE_STATES)) {
      assert.equal(areaCodeOfCallerId(num(ac)), ac);
      assert.equal(stateOfCallerId(num(ac)), NANP_AREA_CODE_STATES[ac]);
    }
  });
});

describe('NANP_AREA_CODE_STATES', () => {
  const entries = Object.entries(NANP_AREA_CODE_STATES);

  it('has well over 300 US entries', () => {
    const us = entries.filter(([, state]) => !TERRITORIES.includes(state));
    assert.ok(us.length > 330, `only ${us.length} US entries`);
  });

  it('maps only to the 50 states, DC and the 5 territories', () => {
    for (const [ac, state] of entries) {
      assert.ok(ALLOWED.has(state), `${ac} -> ${state}`);
    }
  });

  it('covers every state, DC and every territory', () => {
    const seen = new Set(entries.map(([, state]) => state));
    for (const state of ALLOWED) assert.ok(seen.has(state), `no code for ${state}`);
  });

  it('has only valid three-digit NPA keys that are not N11 or easily-recognisable codes', () => {
    for (const [ac] of entries) {
      assert.match(ac, /^[2-9]\d{2}$/, ac);
      assert.notEqual(ac.slice(1), '11', `${ac} is an N11 code`);
      assert.ok(ac[1] !== ac[2], `${ac} is an easily recognisable (ERC) code`);
      assert.notEqual(ac[1], '9', `${ac} has 9 as its middle digit`);
    }
  });

  it('cannot be modified', () => {
    assert.ok(Object.isFrozen(NANP_AREA_CODE_STATES));
  });
});
