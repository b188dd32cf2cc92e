import { useEffect, useId, useState, type FormEvent } from 'react';
import { fmtDateTime } from '../lib/format';
import type { RangeObj } from '../lib/types';
import { addDays, NAMED_RANGES, todayUtc, useWindow, type NamedRange } from '../lib/window';

/** 24h / 7d / 30d / custom dates, shared by every panel. Native radios: arrow keys work. */
export function WindowPicker({ resolved }: { resolved?: RangeObj }) {
  const { sel, setSel } = useWindow();
  const name = useId();
  const [custom, setCustom] = useState(sel.kind === 'custom');
  const [from, setFrom] = useState(sel.kind === 'custom' ? sel.from : addDays(todayUtc(), -6));
  const [to, setTo] = useState(sel.kind === 'custom' ? sel.to : todayUtc());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (sel.kind === 'named') setCustom(false);
  }, [sel]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError('Choose both dates.');
    if (from > to) return setError('The first day must not be after the last day.');
    if (Date.parse(to) - Date.parse(from) >= 400 * 86_400_000) return setError('A window can span at most 400 days.');
    setError(null);
    setSel({ kind: 'custom', from, to });
  };

  const current = custom ? 'custom' : sel.kind === 'named' ? sel.range : 'custom';
  return (
    <div className="window-picker">
      <fieldset className="segmented" aria-label="Time window">
        <legend className="sr-only">Time window</legend>
        {NAMED_RANGES.map((r) => (
          <label key={r.value} className={current === r.value ? 'on' : undefined}>
            <input
              type="radio"
              name={name}
              value={r.value}
              checked={current === r.value}
              onChange={() => {
                setCustom(false);
                setSel({ kind: 'named', range: r.value as NamedRange });
              }}
            />
            <span>{r.label}</span>
          </label>
        ))}
        <label className={current === 'custom' ? 'on' : undefined}>
          <input type="radio" name={name} value="custom" checked={current === 'custom'} onChange={() => setCustom(true)} />
          <span>Custom</span>
        </label>
      </fieldset>
      {custom && (
        <form className="custom-range" onSubmit={apply}>
          <label>
            From <input type="date" value={from} max={todayUtc()} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label>
            to <input type="date" value={to} max={todayUtc()} onChange={(e) => setTo(e.target.value)} required />
          </label>
          <span className="help">(UTC days, inclusive)</span>
          <button type="submit" className="btn btn-small btn-primary">
            Apply
          </button>
          {error && (
            <span className="form-error" role="alert">
              {error}
            </span>
          )}
        </form>
      )}
      {resolved && (
        <p className="range-text" aria-live="polite" data-testid="range-text">
          {fmtDateTime(resolved.start_utc)} – {fmtDateTime(resolved.end_utc)}
        </p>
      )}
    </div>
  );
}
