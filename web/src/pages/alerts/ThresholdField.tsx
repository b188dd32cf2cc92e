// The threshold input in the metric's unit, with the metric's current value over the rule's
// window (GET /api/alerts/preview, computed as the evaluator computes it) beside it.

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError, errorMessage } from '../../lib/api';
import type { AlertPreview, MetricUnit } from '../../lib/types';
import { fmtInUnit, fmtWindow, unitAffix, validWindow } from './units';

/** The window as typed, settled for half a second: not one preview per keystroke. */
function useSettled(value: string, ms = 500): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Preview({ metric, unit, windowMin }: { metric: string; unit: MetricUnit; windowMin: string }) {
  const settled = useSettled(windowMin);
  const ok = !!metric && validWindow(settled);
  const q = useQuery({
    queryKey: ['alerts', 'preview', metric, settled],
    queryFn: ({ signal }) => api<AlertPreview>('/api/alerts/preview', { query: { metric, window_min: Number(settled) }, signal }),
    enabled: ok,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
  if (!ok) return null;
  let body;
  if (q.isPending) body = <span className="muted">Now: …</span>;
  else if (q.isError)
    body = (
      <span className="muted">
        {q.error instanceof ApiError && q.error.unavailable ? 'No preview on this server.' : `No preview: ${errorMessage(q.error)}`}
      </span>
    );
  else
    body = (
      <>
        Now: <strong data-testid="preview-value">{fmtInUnit(metric, q.data.unit ?? unit, q.data.value)}</strong> over the last{' '}
        {fmtWindow(Number(settled))}
      </>
    );
  return (
    <p className="preview-value" aria-live="polite" data-testid="threshold-preview">
      {body}
    </p>
  );
}

interface Props {
  id: string;
  metric: string;
  unit: MetricUnit;
  value: string;
  onChange: (v: string) => void;
  windowMin: string;
  invalid?: boolean;
  describedBy?: string;
}

export function ThresholdField({ id, metric, unit, value, onChange, windowMin, invalid, describedBy }: Props) {
  const a = unitAffix(metric, unit);
  return (
    <div className="field field-threshold">
      <label htmlFor={id}>Threshold{unit === 'fraction' ? ' (%)' : unit === 'usd' ? ' ($)' : ''}</label>
      <div className="threshold-input">
        {a.prefix && (
          <span className="threshold-unit" aria-hidden="true">
            {a.prefix}
          </span>
        )}
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step={a.step}
          min={0}
          max={unit === 'fraction' ? 100 : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={a.placeholder}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid="threshold-input"
          data-unit={unit}
          required
        />
        {a.suffix && (
          <span className="threshold-unit" aria-hidden="true">
            {a.suffix}
          </span>
        )}
      </div>
      <Preview metric={metric} unit={unit} windowMin={windowMin} />
    </div>
  );
}
