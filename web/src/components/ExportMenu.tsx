// The Tier-1 panel's "Export" menu: the window's tier-1 calls as CSV, a STIX 2.1 bundle or a
// MISP event, each downloaded with the session cookie (never a key in a URL). A menu button
// (WAI-ARIA APG): Enter, Space or ↓ opens it on the first item, ↑ on the last; arrows, Home
// and End move; a letter jumps to the item it starts; Escape closes it and focus returns to
// the button. A free org sees the pro-plan state and no export endpoint is called.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, downloadFile, errorMessage } from '../lib/api';
import { useTier } from '../lib/tier';
import { useWindow } from '../lib/window';
import { useCloseOnOutsidePointer } from '../lib/outsidePointer';
import './exportMenu.css';

export interface ExportFormat {
  label: string;
  /** What the file holds, under the label. */
  hint: string;
  path: string;
  /** What the endpoint answers. */
  media: string;
  ext: string;
  testId: string;
}

export const EXPORT_FORMATS: ExportFormat[] = [
  {
    label: 'CSV (Tier-1 rows)',
    hint: 'The Tier-1 table, one row a call',
    path: '/api/exports/tier1',
    media: 'text/csv',
    ext: 'csv',
    testId: 'export-csv',
  },
  {
    label: 'STIX 2.1 bundle',
    hint: 'For OpenCTI and other STIX tools',
    path: '/api/exports/stix',
    media: 'application/stix+json;version=2.1',
    ext: 'json',
    testId: 'export-stix',
  },
  {
    label: 'MISP event',
    hint: "MISP's event import (JSON)",
    path: '/api/exports/misp',
    media: 'application/json',
    ext: 'json',
    testId: 'export-misp',
  },
];

type Msg = { kind: 'error' | 'pro'; text: string } | null;

function ProExport() {
  return (
    <span className="pro-inline" data-state="pro">
      <button type="button" className="btn btn-small" disabled aria-describedby="export-pro">
        Export
      </button>
      <span id="export-pro" className="badge badge-pro" title="Exports (CSV, STIX 2.1, MISP) are part of the pro plan">
        Pro plan
      </span>
    </span>
  );
}

export function ExportMenu() {
  const tier = useTier();
  const w = useWindow();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Which item takes focus when the menu is open.
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [msg, setMsg] = useState<Msg>(null);
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useCloseOnOutsidePointer(root, open, setOpen);

  if (tier === 'free' || msg?.kind === 'pro') return <ProExport />;

  const show = (at: number) => {
    setActive(at);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const run = async (f: ExportFormat) => {
    close();
    if (busy) return;
    setBusy(f.label);
    setMsg(null);
    try {
      await downloadFile(f.path, { start: w.span.start, end: w.span.end }, `${f.path.split('/').pop()}-${w.key}.${f.ext}`);
    } catch (err) {
      if (err instanceof ApiError && err.proRequired) setMsg({ kind: 'pro', text: '' });
      else
        setMsg({
          kind: 'error',
          text: err instanceof ApiError && err.unavailable ? `${f.label} export is not available on this server yet.` : errorMessage(err),
        });
    } finally {
      setBusy(null);
    }
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 0 : EXPORT_FORMATS.length - 1);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const n = EXPORT_FORMATS.length;
    const moves: Record<string, number> = { ArrowDown: (active + 1) % n, ArrowUp: (active - 1 + n) % n, Home: 0, End: n - 1 };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (/^[a-z]$/i.test(e.key)) {
      const at = EXPORT_FORMATS.findIndex((f, i) => i !== active && f.label.toLowerCase().startsWith(e.key.toLowerCase()));
      if (at >= 0) setActive(at);
    }
  };

  return (
    <span className="export-menu" ref={root}>
      <button
        ref={button}
        type="button"
        id={`${id}b`}
        className="btn btn-small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}m`}
        aria-busy={busy ? true : undefined}
        onClick={() => (open ? setOpen(false) : show(0))}
        onKeyDown={onButtonKey}
        data-testid="export-menu"
      >
        {busy ? `Exporting ${busy}…` : 'Export'}
        <span aria-hidden="true" className="export-caret">
          ▾
        </span>
      </button>
      <div className="popup export-popup" id={`${id}m`} role="menu" aria-labelledby={`${id}b`} hidden={!open} onKeyDown={onMenuKey}>
        {EXPORT_FORMATS.map((f, i) => (
          <button
            key={f.testId}
            ref={(el) => {
              items.current[i] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="export-item"
            onClick={() => void run(f)}
            onPointerMove={() => open && active !== i && setActive(i)}
            aria-labelledby={`${id}l${i}`}
            aria-describedby={`${id}h${i}`}
            data-testid={f.testId}
          >
            <span className="export-label" id={`${id}l${i}`}>
              {f.label}
            </span>
            <span className="export-hint" id={`${id}h${i}`}>
              {f.hint}
            </span>
          </button>
        ))}
      </div>
      {msg && (
        <span className="form-error" role="alert">
          {msg.text}
        </span>
      )}
    </span>
  );
}
