// Alert thresholds in the unit people think in. The API stores a metric's own unit (the
// catalog's `unit`): a fraction 0–1 for hook_rate, dollars, or a count. The form shows
// fractions as percent (typing 50 sends 0.5) and counts as whole numbers of calls/insights.

import { fmtInt, fmtNum, fmtUsd } from '../../lib/format';
import type { AlertCatalog, MetricUnit } from '../../lib/types';

/** The catalog's unit, or (from a server without units) the one its name implies. */
export function unitOf(catalog: AlertCatalog | undefined, metric: string): MetricUnit {
  const u = catalog?.metrics.find((m) => m.name === metric)?.unit;
  if (u === 'count' || u === 'fraction' || u === 'usd') return u;
  return metric === 'hook_rate' ? 'fraction' : metric.includes('dollars') ? 'usd' : 'count';
}

/** What a count metric counts: "calls" or "insights". */
function noun(metric: string, n: number): string {
  const word = metric.includes('insights') ? 'insight' : 'call';
  return n === 1 ? word : `${word}s`;
}

// 0.5 * 100 is 50, but 0.29 * 100 is 28.999999999999996: keep 12 significant digits.
const clean = (v: number) => Number(v.toPrecision(12));

/** A value of the metric in words: "50 %", "$5,000", "12 calls". */
export function fmtInUnit(metric: string, unit: MetricUnit, v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (unit === 'fraction') return `${fmtNum(clean(v * 100))} %`;
  if (unit === 'usd') return fmtUsd(v);
  return `${Number.isInteger(v) ? fmtInt(v) : fmtNum(v)} ${noun(metric, v)}`;
}

/** The API's value as the form shows it (0.5 → "50"). */
export function toInput(unit: MetricUnit, v: number): string {
  return String(unit === 'fraction' ? clean(v * 100) : v);
}

export type Parsed = { ok: true; value: number } | { ok: false; problem: string };

/** The typed threshold, checked for its unit, as the API's value (percent 50 → 0.5). */
export function fromInput(unit: MetricUnit, text: string): Parsed {
  const t = text.trim().replace(/[,$%\s]/g, '');
  if (t === '') return { ok: false, problem: 'Enter a threshold.' };
  const n = Number(t);
  if (!Number.isFinite(n)) return { ok: false, problem: 'The threshold must be a number.' };
  if (n < 0) return { ok: false, problem: 'The threshold cannot be negative.' };
  if (unit === 'fraction') {
    if (n > 100) return { ok: false, problem: 'A rate is a percentage from 0 to 100.' };
    return { ok: true, value: clean(n / 100) };
  }
  if (unit === 'count' && !Number.isInteger(n)) return { ok: false, problem: 'A count is a whole number.' };
  if (n > 1e15) return { ok: false, problem: 'The threshold is at most 1,000,000,000,000,000.' };
  return { ok: true, value: n };
}

/** The adornments of the threshold input. */
export function unitAffix(
  metric: string,
  unit: MetricUnit,
): { prefix?: string; suffix?: string; step: string; placeholder: string; hint: string } {
  if (unit === 'fraction') return { suffix: '%', step: 'any', placeholder: '50', hint: 'Percent: 50 means half of the calls.' };
  if (unit === 'usd') return { prefix: '$', step: 'any', placeholder: '5000', hint: 'US dollars.' };
  return { suffix: noun(metric, 2), step: '1', placeholder: '10', hint: 'A whole number.' };
}

const OPS: Record<string, string> = { gte: '≥', lte: '≤' };
export const opSymbol = (op: string) => OPS[op] ?? op;

export function fmtWindow(min: number): string {
  if (min % 1440 === 0) return `${fmtInt(min / 1440)} ${min === 1440 ? 'day' : 'days'}`;
  if (min % 60 === 0) return `${fmtInt(min / 60)} ${min === 60 ? 'hour' : 'hours'}`;
  return `${fmtInt(min)} min`;
}

export const validWindow = (s: string) => /^\d+$/.test(s.trim()) && Number(s) >= 1 && Number(s) <= 10_080;

/**
 * The help under the form: the catalog's description, then the unit hint. The catalog describes
 * the API's unit (a fraction "from 0 to 1"), while the form takes percent: that part is said in
 * percent, so the two sentences agree.
 */
export function metricHelp(metric: string, unit: MetricUnit, description: string | undefined): string {
  let d = description ?? '';
  if (unit === 'fraction')
    d = d.replace(/,?\s*(?:from 0 to 1|0\s*[–-]\s*1)\b/g, ', in percent').replace(/\(0 with no calls\)/, '(0 % with no calls)');
  return `${d} ${unitAffix(metric, unit).hint}`.trim();
}
