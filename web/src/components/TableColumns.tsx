// Table columns a person arranges: which are shown (a "Columns" menu of checkboxes) and how wide
// each is (a handle at the header's right edge: drag it, or focus it and press ← / →). Kept per
// table in this browser's localStorage, so the table comes back as it was left.

import { useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';

export interface ColumnDef {
  key: string;
  label: string;
}

interface Stored {
  hidden: string[];
  widths: Record<string, number>;
}

const MIN_WIDTH = 48;
const MAX_WIDTH = 800;
const STEP = 16;

function read(store: string): Stored {
  try {
    const v = JSON.parse(localStorage.getItem(store) ?? 'null') as Partial<Stored> | null;
    if (v && Array.isArray(v.hidden) && v.widths && typeof v.widths === 'object') {
      return { hidden: v.hidden.filter((h) => typeof h === 'string'), widths: v.widths as Record<string, number> };
    }
  } catch {
    /* a hand-edited or old value: start afresh */
  }
  return { hidden: [], widths: {} };
}

export interface TableColumns<C extends ColumnDef> {
  /** The columns shown, in their order. */
  shown: C[];
  isShown(key: string): boolean;
  toggle(key: string): void;
  width(key: string): number | undefined;
  /** `all`: every header's width as drawn, kept for the others when the first is set (the layout then becomes fixed). */
  setWidth(key: string, px: number, all: Record<string, number>): void;
  /** Props of the <table>: fixed layout at the widths set, once any is. */
  tableProps: { className?: string; style?: { width: number } };
}

// One state per table, shared by every component showing it (the menu and the table).
const states = new Map<string, Stored>();
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function write(store: string, next: Stored): void {
  states.set(store, next);
  try {
    localStorage.setItem(store, JSON.stringify(next));
  } catch {
    /* storage disabled: the choice lasts this page */
  }
  listeners.forEach((l) => l());
}

export function useTableColumns<C extends ColumnDef>(table: string, columns: C[]): TableColumns<C> {
  const store = `hp.columns.${table}`;
  const state = useSyncExternalStore(subscribe, () => {
    if (!states.has(store)) states.set(store, read(store));
    return states.get(store)!;
  });
  const setState = (f: (s: Stored) => Stored) => write(store, f(states.get(store) ?? read(store)));
  const shown = columns.filter((c) => !state.hidden.includes(c.key));
  const fixed = shown.some((c) => state.widths[c.key] !== undefined);
  // Columns never measured (shown again after the widths were set) get a modest width.
  const shownWidth = shown.reduce((sum, c) => sum + (state.widths[c.key] ?? 140), 0);
  return {
    shown: shown.length ? shown : columns,
    isShown: (key) => !state.hidden.includes(key),
    // At least one column stays.
    toggle: (key) =>
      setState((s) =>
        s.hidden.includes(key)
          ? { ...s, hidden: s.hidden.filter((h) => h !== key) }
          : shown.length > 1
            ? { ...s, hidden: [...s.hidden, key] }
            : s,
      ),
    width: (key) => state.widths[key],
    setWidth: (key, px, all) =>
      setState((s) => ({
        ...s,
        widths: { ...all, ...s.widths, [key]: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, px))) },
      })),
    tableProps: fixed ? { className: 'resizable', style: { width: shownWidth } } : {},
  };
}

/** The "Columns" menu: a checkbox per column. */
export function ColumnChooser<C extends ColumnDef>({ table, columns, cols }: { table: string; columns: C[]; cols: TableColumns<C> }) {
  return (
    <details className="column-chooser" data-testid={`${table}-columns`}>
      <summary className="btn btn-small btn-ghost">Columns</summary>
      <fieldset>
        <legend className="sr-only">Columns shown</legend>
        {columns.map((c) => (
          <label key={c.key}>
            <input type="checkbox" checked={cols.isShown(c.key)} onChange={() => cols.toggle(c.key)} data-column={c.key} /> {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/** The drag handle at a header's right edge; ← and → narrow and widen it from the keyboard. */
/** Every header's drawn width, by its data-col. */
function drawnWidths(th: HTMLElement): Record<string, number> {
  const out: Record<string, number> = {};
  for (const h of th.parentElement!.querySelectorAll<HTMLElement>('th[data-col]'))
    out[h.dataset.col!] = Math.round(h.getBoundingClientRect().width);
  return out;
}

export function ResizeHandle({
  label,
  width,
  onResize,
}: {
  label: string;
  width: number | undefined;
  onResize: (px: number, all: Record<string, number>) => void;
}) {
  const start = (e: PointerEvent<HTMLSpanElement>) => {
    const th = e.currentTarget.parentElement!;
    const all = drawnWidths(th);
    const x0 = e.clientX;
    const w0 = th.getBoundingClientRect().width;
    e.preventDefault();
    const move = (m: globalThis.PointerEvent) => onResize(w0 + m.clientX - x0, all);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  // A focusable separator states its value: the width set, or the width drawn.
  const el = useRef<HTMLSpanElement>(null);
  const [drawn, setDrawn] = useState(0);
  useLayoutEffect(() => {
    if (width === undefined && el.current) setDrawn(Math.round(el.current.parentElement!.getBoundingClientRect().width));
  }, [width]);
  const key = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const th = e.currentTarget.parentElement!;
    const now = width ?? th.getBoundingClientRect().width;
    onResize(now + (e.key === 'ArrowRight' ? STEP : -STEP), drawnWidths(th));
  };
  return (
    <span
      ref={el}
      className="col-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={`Width of ${label}`}
      aria-valuenow={width ?? drawn}
      aria-valuemin={MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
      data-resize={label}
    />
  );
}
