// A multi-select as a disclosure: a button naming what is chosen, opening a list of
// checkboxes (with a type-to-narrow box when the list is long). Each tick applies at once.

import { useId, useRef, useState } from 'react';
import { useCloseOnOutsidePointer } from '../lib/outsidePointer';

export interface Option {
  value: string;
  text: string;
  count?: number;
}

interface Props {
  label: string;
  name: string;
  options: Option[];
  selected: string[];
  onChange: (values: string[]) => void;
  loading?: boolean;
  /** Shown for a selected value that is not among the options. */
  textOf?: (value: string) => string;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function MultiSelect({ label, name, options, selected, onChange, loading, textOf = (v) => v }: Props) {
  const [open, setOpen] = useState(false);
  const [narrow, setNarrow] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useCloseOnOutsidePointer(root, open, setOpen);

  // Values chosen elsewhere (a drill-down link, a saved search) stay listed, ticked, first.
  const extra: Option[] = selected.filter((v) => !options.some((o) => same(o.value, v))).map((v) => ({ value: v, text: textOf(v) }));
  const all = [...extra, ...options];
  const shown = narrow ? all.filter((o) => o.text.toLowerCase().includes(narrow.toLowerCase())) : all;
  const isOn = (v: string) => selected.some((s) => same(s, v));
  const toggle = (v: string) => onChange(isOn(v) ? selected.filter((s) => !same(s, v)) : [...selected, v]);
  const summary = selected.length === 0 ? 'Any' : selected.length === 1 ? textOf(selected[0]) : `${selected.length} selected`;

  return (
    <div
      className="field multiselect"
      ref={root}
      data-filter={name}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <span className="label" id={`${id}l`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="multiselect-button"
        aria-expanded={open}
        aria-controls={open ? `${id}p` : undefined}
        aria-labelledby={`${id}l ${id}v`}
        onClick={() => setOpen((o) => !o)}
        data-testid={`pick-${name}`}
      >
        <span id={`${id}v`} className={selected.length ? undefined : 'muted'}>
          {summary}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="popup multiselect-popup" id={`${id}p`} role="group" aria-labelledby={`${id}l`}>
          {all.length > 8 && (
            <input
              type="search"
              className="multiselect-narrow"
              value={narrow}
              onChange={(e) => setNarrow(e.target.value)}
              placeholder="Type to narrow"
              aria-label={`Narrow the ${label.toLowerCase()} list`}
              autoFocus
            />
          )}
          {loading && all.length === 0 ? (
            <p className="muted small">Loading values…</p>
          ) : shown.length === 0 ? (
            <p className="muted small">{all.length ? 'No value matches.' : 'No values in this window.'}</p>
          ) : (
            <ul className="multiselect-list">
              {shown.map((o) => (
                <li key={o.value}>
                  <label className="check">
                    <input type="checkbox" checked={isOn(o.value)} onChange={() => toggle(o.value)} data-value={o.value} />
                    <span className="multiselect-text">{o.text}</span>
                    {o.count !== undefined && <span className="muted small">{o.count.toLocaleString('en-US')}</span>}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {selected.length > 0 && (
            <button type="button" className="btn-link small" onClick={() => onChange([])}>
              Clear {label.toLowerCase()}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
