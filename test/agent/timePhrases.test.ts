import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findWindows } from '../../src/agent/read/timePhrases.js';
import { shiftBack, windowArgs, type WindowSpec } from '../../src/agent/read/windowSpec.js';

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

  it('steps back to the window before', () => {
    const lastWeek: WindowSpec = { kind: 'calendar', unit: 'week', offset: -1 };
    assert.deepEqual(windowArgs(shiftBack(lastWeek, NOW), NOW), { start: '2026-11-02T00:00:00Z', end: '2026-11-09T00:00:00Z' });
    assert.deepEqual(windowArgs(shiftBack({ kind: 'range', range: '7d' }, NOW), NOW), {
      start: '2026-11-06T14:00:00Z',
      end: '2026-11-13T14:00:00Z',
    });
  });
});
