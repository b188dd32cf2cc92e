// The overview's filters as removable chips: field, sense (a button that switches "is" and
// "is not"), value, and ×. Every panel applies them (figures.ts); they live in the URL.

import type { ReactNode } from 'react';
import { fmtDateTime, fmtTime, fmtUsd } from '../../lib/format';
import { valueLabel } from '../../lib/labels';
import { stateName } from '../../lib/states';
import { atEnd, filterParam, isValueFilter, RANGE_FIELDS, shifted, useFilters, VALUE_FIELDS, type Filter } from './filters';

function rangeText(field: keyof typeof RANGE_FIELDS, min: number, max: number | null): string {
  const u = field === 'dollar_ask' ? fmtUsd : (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`);
  return max === null ? `${u(min)} or more` : `${u(min)} to under ${u(max)}`;
}

const valueText = (field: string, v: string) => (field === 'caller_state' ? `${stateName(v)} (${v})` : valueLabel(field, v));

/** A filter in words: [field, sense, value]. */
function filterWords(f: Filter): [string, string, string] {
  if (f.kind === 'at') {
    const end = atEnd(f);
    const short = Date.parse(end) - Date.parse(f.start) <= 3_600_000;
    return [
      'Arrived',
      'between',
      `${fmtDateTime(f.start, { zone: false })} and ${short ? fmtTime(end) : fmtDateTime(end, { zone: false })}`,
    ];
  }
  if (isValueFilter(f))
    return [VALUE_FIELDS[f.field], f.kind === 'is' ? 'is' : 'is not', f.values.map((v) => valueText(f.field, v)).join(' or ')];
  return [RANGE_FIELDS[f.field], f.kind === 'range' ? 'is' : 'is not', rangeText(f.field, f.min, f.max)];
}

export function FilterBar() {
  const { filters, remove, toggle, clear, replace } = useFilters();
  if (filters.length === 0) return null;
  return (
    <section className="filter-bar" aria-label="Filters" data-testid="filter-bar">
      <ul className="chips">
        {filters.map((f, i) => {
          const [field, sense, value] = filterWords(f);
          const words = `${field} ${sense} ${value}`;
          const other = sense === 'is' ? 'is not' : 'is';
          return (
            <li key={filterParam(f)} className={`chip ${sense === 'is not' ? 'chip-not' : ''}`} data-filter={filterParam(f)}>
              <span className="chip-field">{field}</span>
              {f.kind === 'at' ? (
                <>
                  <span className="chip-op-text">{sense}</span>
                  {/* Grafana's time shift: the same length of time, just before or after. */}
                  <button
                    type="button"
                    className="chip-op"
                    onClick={() => replace(i, shifted(f, -1))}
                    aria-label={`${words}: move earlier by as much`}
                    data-testid="chip-earlier"
                  >
                    <span aria-hidden="true">◀</span>
                  </button>
                  <button
                    type="button"
                    className="chip-op"
                    onClick={() => replace(i, shifted(f, 1))}
                    disabled={Date.parse(atEnd(f)) >= Date.now()}
                    aria-label={`${words}: move later by as much`}
                    data-testid="chip-later"
                  >
                    <span aria-hidden="true">▶</span>
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="chip-op"
                  onClick={() => toggle(i)}
                  aria-label={`${words}: change to “${other}”`}
                  data-testid="chip-op"
                >
                  {sense}
                </button>
              )}
              <span className="chip-value">{value}</span>
              <button
                type="button"
                className="chip-remove"
                onClick={() => remove(i)}
                aria-label={`Remove the filter ${words}`}
                data-testid="chip-remove"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      {filters.length > 1 && (
        <button type="button" className="btn btn-small btn-ghost" onClick={clear} data-testid="filters-clear">
          Clear all
        </button>
      )}
    </section>
  );
}

/** A value in a panel's table or list: selecting it filters the whole dashboard by it. */
export function FilterValue({ filter, children, testId }: { filter: Filter; children: ReactNode; testId?: string }) {
  const { add } = useFilters();
  const [field, sense, value] = filterWords(filter);
  return (
    <button
      type="button"
      className="filter-value"
      onClick={() => add(filter)}
      title={`Filter: ${field} ${sense} ${value}`}
      data-filter-add={testId}
    >
      {children}
    </button>
  );
}
