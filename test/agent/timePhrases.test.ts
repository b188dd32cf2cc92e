import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findWindows, unreadTimePhrase } from '../../src/agent/read/timePhrases.js';
import { shiftBack, shiftBy, shiftForward, windowArgs, type WindowSpec } from '../../src/agent/read/windowSpec.js';

const NOW = new Date('2026-11-20T14:00:00Z'); // Friday

function argsOf(text: string, now = NOW) {
  const found = findWindows(text, now);
  assert.equal(found.length, 1, `${text}: ${JSON.stringify(found)}`);
  return windowArgs(found[0].spec, now);
}

describe('time phrases', () => {
  it('reads named ranges ending now', () => {
    assert.deepEqual(argsOf('calls in the last 3 days'), { range: '3d' });
    assert.deepEqual(argsOf('past 24 hours'), { range: '24h' });
    assert.deepEqual(argsOf('over the last 2 weeks'), { range: '2w' });
    assert.deepEqual(argsOf('in the last hour'), { range: '1h' });
    assert.deepEqual(argsOf('the past week'), { range: '7d' });
    assert.deepEqual(argsOf('last three days'), { range: '3d' });
    assert.deepEqual(argsOf('last 3 months'), { range: '90d' });
    assert.deepEqual(argsOf('calls in 30d'), { range: '30d' });
  });

  it('reads every way of saying all the data as the longest window a query may span', () => {
    for (const t of [
      'calls in the entire data set',
      'hook rate through our whole history',
      'biggest ask of all time',
      'all-time calls',
      'calls since we began',
      'have they ever used zelle',
    ])
      assert.deepEqual(argsOf(t), { range: '400d' }, t);
    // "to date" after a period is that period so far.
    assert.deepEqual(argsOf('calls quarter to date'), { start: '2026-10-01T00:00:00Z' });
  });

  it('steps a window forward: the next of its own length, or of the unit named; never past now', () => {
    const day: WindowSpec = { kind: 'span', start: '2026-11-02T00:00:00Z', end: '2026-11-03T00:00:00Z' };
    assert.deepEqual(windowArgs(shiftForward(day, NOW), NOW), { start: '2026-11-03T00:00:00Z', end: '2026-11-04T00:00:00Z' });
    assert.deepEqual(windowArgs(shiftForward(day, NOW, 'week'), NOW), { start: '2026-11-03T00:00:00Z', end: '2026-11-10T00:00:00Z' });
    // A month after reaches past now: it ends now.
    assert.deepEqual(windowArgs(shiftForward(day, NOW, 'month'), NOW), { start: '2026-11-03T00:00:00Z' });
    // A calendar period steps by one, and this one is the last.
    assert.deepEqual(shiftForward({ kind: 'calendar', unit: 'month', offset: -2 }, NOW), { kind: 'calendar', unit: 'month', offset: -1 });
    assert.deepEqual(shiftForward({ kind: 'calendar', unit: 'week', offset: -1 }, NOW), { kind: 'calendar', unit: 'week', offset: 0 });
    assert.deepEqual(windowArgs(shiftBy(day, 'week', NOW, 1), NOW), { start: '2026-11-09T00:00:00Z', end: '2026-11-10T00:00:00Z' });
  });

  it('reads calendar periods in UTC, weeks from Monday', () => {
    assert.deepEqual(argsOf('today'), { start: '2026-11-20T00:00:00Z' });
    assert.deepEqual(argsOf('yesterday'), { start: '2026-11-19T00:00:00Z', end: '2026-11-20T00:00:00Z' });
    assert.deepEqual(argsOf('this week'), { start: '2026-11-16T00:00:00Z' });
    assert.deepEqual(argsOf('last week'), { start: '2026-11-09T00:00:00Z', end: '2026-11-16T00:00:00Z' });
    assert.deepEqual(argsOf('this month'), { start: '2026-11-01T00:00:00Z' });
    assert.deepEqual(argsOf('last month'), { start: '2026-10-01T00:00:00Z', end: '2026-11-01T00:00:00Z' });
    const jan = new Date('2027-01-10T08:00:00Z');
    assert.deepEqual(argsOf('last month', jan), { start: '2026-12-01T00:00:00Z', end: '2027-01-01T00:00:00Z' });
    assert.deepEqual(argsOf('last year', jan), { start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z' });
    const monday = new Date('2026-11-16T00:30:00Z');
    assert.deepEqual(argsOf('this week', monday), { start: '2026-11-16T00:00:00Z' });
  });

  it('reads dates', () => {
    assert.deepEqual(argsOf('since 2026-11-01'), { start: '2026-11-01T00:00:00Z' });
    assert.deepEqual(argsOf('since nov 5'), { start: '2026-11-05T00:00:00Z' });
    // "between" and "through" hold the second day; "from … to" ends where the API's end does, at its start.
    assert.deepEqual(argsOf('between 2026-11-01 and 2026-11-10'), { start: '2026-11-01T00:00:00Z', end: '2026-11-11T00:00:00Z' });
    assert.deepEqual(argsOf('from november 1 to november 3'), { start: '2026-11-01T00:00:00Z', end: '2026-11-03T00:00:00Z' });
    assert.deepEqual(argsOf('from november 1 through november 3'), { start: '2026-11-01T00:00:00Z', end: '2026-11-04T00:00:00Z' });
    assert.deepEqual(argsOf('from november 1 to november 3 inclusive'), { start: '2026-11-01T00:00:00Z', end: '2026-11-04T00:00:00Z' });
    assert.deepEqual(argsOf('oct 1 through oct 31'), { start: '2026-10-01T00:00:00Z', end: '2026-11-01T00:00:00Z' });
    assert.deepEqual(argsOf('between nov 10 and nov 20'), { start: '2026-11-10T00:00:00Z' });
    assert.deepEqual(argsOf('on 2026-11-05'), { start: '2026-11-05T00:00:00Z', end: '2026-11-06T00:00:00Z' });
    assert.deepEqual(argsOf('since 2026-11-19t12:00:00z'), { start: '2026-11-19T12:00:00Z' });
    assert.deepEqual(argsOf('in october'), { start: '2026-10-01T00:00:00Z', end: '2026-11-01T00:00:00Z' });
    // A month still to come this year means last year's.
    assert.deepEqual(argsOf('in december'), { start: '2025-12-01T00:00:00Z', end: '2026-01-01T00:00:00Z' });
    assert.deepEqual(findWindows('since 2026-02-30', NOW), []);
  });

  it('finds several phrases in order, and none where there is none', () => {
    const two = findWindows('compare this week with last week', NOW).map((f) => f.spec);
    assert.deepEqual(two, [
      { kind: 'calendar', unit: 'week', offset: 0 },
      { kind: 'calendar', unit: 'week', offset: -1 },
    ]);
    assert.deepEqual(findWindows('how many tier 1 calls', NOW), []);
    assert.deepEqual(findWindows('top 5 brands', NOW), []);
  });

  it('reads days known by name as the latest such whole day begun by now', () => {
    // NOW is Friday 2026-11-20: this year's Thanksgiving (Nov 26) and Christmas are still to come.
    assert.deepEqual(argsOf('calls on halloween'), { start: '2026-10-31T00:00:00Z', end: '2026-11-01T00:00:00Z' });
    assert.deepEqual(argsOf('asks on thanksgiving'), { start: '2025-11-27T00:00:00Z', end: '2025-11-28T00:00:00Z' });
    assert.deepEqual(argsOf('black friday calls'), { start: '2025-11-28T00:00:00Z', end: '2025-11-29T00:00:00Z' });
    assert.deepEqual(argsOf('on xmas day'), { start: '2025-12-25T00:00:00Z', end: '2025-12-26T00:00:00Z' });
    assert.deepEqual(argsOf("new year's eve"), { start: '2025-12-31T00:00:00Z', end: '2026-01-01T00:00:00Z' });
    assert.deepEqual(argsOf('memorial day'), { start: '2026-05-25T00:00:00Z', end: '2026-05-26T00:00:00Z' });
    assert.deepEqual(argsOf('labor day'), { start: '2026-09-07T00:00:00Z', end: '2026-09-08T00:00:00Z' });
    assert.deepEqual(argsOf('since the 4th of july'), { start: '2026-07-04T00:00:00Z' });
    const two = findWindows('christmas eve against christmas day', new Date('2027-01-05T10:00:00Z')).map((f) => windowArgs(f.spec, NOW));
    assert.deepEqual(two, [
      { start: '2026-12-24T00:00:00Z', end: '2026-12-25T00:00:00Z' },
      { start: '2026-12-25T00:00:00Z', end: '2026-12-26T00:00:00Z' },
    ]);
  });

  it('reads ranges of days, parts of a day, weeks and thirds of a month, quarters and years', () => {
    // NOW is Friday 2026-11-20 14:00 UTC; every end below is the start of the day after the last one named.
    const days = (a: string, b: string) => ({ start: `${a}T00:00:00Z`, end: `${b}T00:00:00Z` });
    assert.deepEqual(argsOf('between the 2nd and the 6th of november'), days('2026-11-02', '2026-11-07'));
    assert.deepEqual(argsOf('between the 2nd and the 6th'), days('2026-11-02', '2026-11-07'));
    assert.deepEqual(argsOf('calls oct 12-16'), days('2026-10-12', '2026-10-17'));
    assert.deepEqual(argsOf('from 5 to 9 october 2025'), days('2025-10-05', '2025-10-10'));
    assert.deepEqual(argsOf('on the 3rd of november'), days('2026-11-03', '2026-11-04'));
    assert.deepEqual(argsOf('on 11/3'), days('2026-11-03', '2026-11-04'));
    // Weeks of a month count from its 1st (the 15th to the 21st); the last is its last seven days (October has 31).
    assert.deepEqual(argsOf('the third week of october'), days('2026-10-15', '2026-10-22'));
    assert.deepEqual(argsOf('the last week of october'), days('2026-10-25', '2026-11-01'));
    assert.deepEqual(argsOf('the second half of september'), days('2026-09-16', '2026-10-01'));
    assert.deepEqual(argsOf('late october'), days('2026-10-21', '2026-11-01'));
    assert.deepEqual(argsOf('early november'), days('2026-11-01', '2026-11-11'));
    assert.deepEqual(argsOf('since the start of october'), { start: '2026-10-01T00:00:00Z' });
    // Parts of a day in UTC hours: morning 06-12, evening 18-24; the last Tuesday before Friday the 20th is the 17th.
    assert.deepEqual(argsOf('the morning of nov 3'), { start: '2026-11-03T06:00:00Z', end: '2026-11-03T12:00:00Z' });
    assert.deepEqual(argsOf('tuesday evening'), { start: '2026-11-17T18:00:00Z', end: '2026-11-18T00:00:00Z' });
    assert.deepEqual(argsOf('in q3'), days('2026-07-01', '2026-10-01'));
    assert.deepEqual(argsOf('calls in q4'), { start: '2026-10-01T00:00:00Z' });
    assert.deepEqual(argsOf('the first quarter of 2025'), days('2025-01-01', '2025-04-01'));
    assert.deepEqual(argsOf('in 2025'), days('2025-01-01', '2026-01-01'));
    assert.deepEqual(argsOf('since 2025'), { start: '2025-01-01T00:00:00Z' });
    assert.deepEqual(argsOf('from oct 3 to now'), { start: '2026-10-03T00:00:00Z' });
    // NOW is Friday 2026-11-20: ISO week 47 of 2026 starts Monday the 16th, week 1 of 2026 on Monday 2025-12-29.
    assert.deepEqual(argsOf('calls in 2026-w47'), { start: '2026-11-16T00:00:00Z' });
    assert.deepEqual(argsOf('week 1 of 2026'), days('2025-12-29', '2026-01-05'));
    assert.deepEqual(argsOf('hooked calls wtd'), { start: '2026-11-16T00:00:00Z' });
    assert.deepEqual(argsOf('calls on 20261103'), days('2026-11-03', '2026-11-04'));
    // The last business day before Friday is Thursday; on a Monday it is the Friday before.
    assert.deepEqual(argsOf('the last business day'), days('2026-11-19', '2026-11-20'));
    assert.deepEqual(argsOf('the last business day', new Date('2026-11-23T09:00:00Z')), days('2026-11-20', '2026-11-21'));
    // Labor Day 2026 is Monday September 7th: its weekend is Saturday the 5th to Monday; July 4th 2026 is a Saturday, its week Monday June 29th on.
    assert.deepEqual(argsOf('over labor day weekend'), days('2026-09-05', '2026-09-08'));
    assert.deepEqual(argsOf('the 4th of july week'), days('2026-06-29', '2026-07-06'));
    assert.deepEqual(argsOf("on mother's day"), days('2026-05-10', '2026-05-11'));
    assert.deepEqual(argsOf('in the small hours yesterday'), { start: '2026-11-19T00:00:00Z', end: '2026-11-19T06:00:00Z' });
    assert.deepEqual(argsOf('the back half of october'), days('2026-10-16', '2026-11-01'));
    // "may" after a number is a verb unless written as a date ("the 5th of may").
    assert.deepEqual(findWindows('the top 5 may be wrong', NOW), []);
  });

  it('reads a part of a day, of a week or of a month against the window named beside it', () => {
    // Clock spans: in UTC unless a zone follows; US Eastern is UTC-5 in November (standard time).
    assert.deepEqual(argsOf('between 10am and 4pm eastern on tuesday'), { start: '2026-11-17T15:00:00Z', end: '2026-11-17T21:00:00Z' });
    assert.deepEqual(argsOf('yesterday from 1pm to 3pm utc'), { start: '2026-11-19T13:00:00Z', end: '2026-11-19T15:00:00Z' });
    assert.deepEqual(argsOf('from 08:30 to 11:00 on nov 2'), { start: '2026-11-02T08:30:00Z', end: '2026-11-02T11:00:00Z' });
    // Pacific daylight time in July is UTC-7.
    assert.deepEqual(argsOf('july 9 between noon and 6pm pacific time'), { start: '2026-07-09T19:00:00Z', end: '2026-07-10T01:00:00Z' });
    // Numbers without a clock word before a month are days, and a clock span with no day beside it is no window.
    assert.deepEqual(argsOf('from 3 to 6 march 2026'), { start: '2026-03-03T00:00:00Z', end: '2026-03-07T00:00:00Z' });
    assert.deepEqual(findWindows('how many calls between 10am and 4pm', NOW), []);
    // Days of a week: this week's unless another is named.
    assert.deepEqual(argsOf('wednesday through friday of last week'), { start: '2026-11-11T00:00:00Z', end: '2026-11-14T00:00:00Z' });
    assert.deepEqual(argsOf('monday to wednesday'), { start: '2026-11-16T00:00:00Z', end: '2026-11-19T00:00:00Z' });
    // An edge of a month named after "of", and days restated after a month.
    assert.deepEqual(argsOf('the first 10 days of october'), { start: '2026-10-01T00:00:00Z', end: '2026-10-11T00:00:00Z' });
    assert.deepEqual(argsOf('in october, the 5th to the 9th'), { start: '2026-10-05T00:00:00Z', end: '2026-10-10T00:00:00Z' });
    assert.deepEqual(argsOf('the last working day of october'), { start: '2026-10-30T00:00:00Z', end: '2026-10-31T00:00:00Z' });
    assert.deepEqual(argsOf('first business day of this month'), { start: '2026-11-02T00:00:00Z', end: '2026-11-03T00:00:00Z' });
    // Days known by their place in the church year (Easter 2026 is April 5).
    assert.deepEqual(argsOf('on easter sunday'), { start: '2026-04-05T00:00:00Z', end: '2026-04-06T00:00:00Z' });
    assert.deepEqual(argsOf('good friday'), { start: '2026-04-03T00:00:00Z', end: '2026-04-04T00:00:00Z' });
    assert.deepEqual(argsOf('since fat tuesday'), { start: '2026-02-17T00:00:00Z' });
    // A weekday in the plural is a kind of day, no window.
    assert.deepEqual(findWindows('calls on fridays', NOW), []);
  });

  it('names a time phrase no rule read, and nothing else', () => {
    assert.equal(unreadTimePhrase('how many calls in the evenings', true), 'in the evenings');
    assert.equal(unreadTimePhrase('hook rate on the 9th of', true), 'on the 9th of');
    assert.equal(unreadTimePhrase('calls from 9 to 5 on weekdays', false), 'from 9 to 5');
    assert.equal(unreadTimePhrase('calls since the outage', false), 'since the outage');
    assert.equal(unreadTimePhrase('top brands over the holidays', false), 'over the holidays');
    // Beside a window read, "before"/"after" belong to a comparison's frame.
    assert.equal(unreadTimePhrase('how many calls before and how many after it', true), null);
    assert.equal(unreadTimePhrase('good morning how many calls', true), null);
    assert.equal(unreadTimePhrase('the longest call and the 90th percentile length', true), null);
    assert.equal(unreadTimePhrase('top 5 brands by tier 1 calls', false), null);
  });

  it('steps back to the window before', () => {
    const lastWeek: WindowSpec = { kind: 'calendar', unit: 'week', offset: -1 };
    assert.deepEqual(windowArgs(shiftBack(lastWeek, NOW), NOW), { start: '2026-11-02T00:00:00Z', end: '2026-11-09T00:00:00Z' });
    assert.deepEqual(windowArgs(shiftBack({ kind: 'range', range: '7d' }, NOW), NOW), {
      start: '2026-11-06T14:00:00Z',
      end: '2026-11-13T14:00:00Z',
    });
  });
});
