// Keyboard shortcuts of the overview, the keys Plausible users reach for (D, W, M for the
// window) and Grafana's refresh, plus one to drop every filter. Never while typing in a field,
// never with Ctrl, Alt or ⌘ (the browser's own shortcuts stay). "?" lists them.

import { useEffect, useId, useRef } from 'react';
import { shiftedWindow, useWindow, zoomedOut, type NamedRange } from '../../lib/window';
import { useFilters } from './filters';

const WINDOWS: Record<string, NamedRange> = { d: '24h', w: '7d', m: '30d' };

const KEYS: [string, string][] = [
  ['D', 'Last 24 hours'],
  ['W', 'Last 7 days'],
  ['M', 'Last 30 days'],
  ['T then ← / →', 'Move the window earlier or later by its length'],
  ['Z', 'Zoom out (twice as long)'],
  ['R', 'Read the figures again (a named window then ends now)'],
  ['X', 'Remove every filter'],
  ['?', 'Show these shortcuts'],
];

/** Whether a key press belongs to a field (or a composition), not to the page. */
function typing(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  return !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || e.isComposing);
}

export function Shortcuts() {
  const w = useWindow();
  const { filters, clear } = useFilters();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The listener is added once; it reads the current window and filters from here.
  const now = useRef({ w, filters, clear });
  now.current = { w, filters, clear };

  useEffect(() => {
    // `t` arms the time shift: the arrow keys pressed next (each) move the window, until another key.
    let shifting = false;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e) || dialog.current?.open) return;
      const { w: win, filters: fs, clear: clearAll } = now.current;
      const key = e.key.toLowerCase();
      if (shifting && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        win.setSel(shiftedWindow(win.span, e.key === 'ArrowLeft' ? -1 : 1));
        e.preventDefault();
        return;
      }
      shifting = key === 't';
      if (shifting) {
        e.preventDefault();
        return;
      }
      if (key === 'z') win.setSel(zoomedOut(win.span));
      else if (WINDOWS[key]) win.setSel({ kind: 'named', range: WINDOWS[key] });
      else if (key === 'r') win.refresh();
      else if (key === 'x' && fs.length > 0) clearAll();
      else if (e.key === '?') dialog.current?.showModal();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        onClick={() => dialog.current?.showModal()}
        aria-keyshortcuts="Shift+/"
        data-testid="shortcuts-open"
      >
        Shortcuts
      </button>
      <dialog ref={dialog} className="shortcuts" aria-labelledby={titleId} data-testid="shortcuts">
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <table>
          <caption className="sr-only">Keys of the overview</caption>
          <tbody>
            {KEYS.map(([k, what]) => (
              <tr key={k}>
                <th scope="row">
                  <kbd>{k}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <form method="dialog">
          <button type="submit" className="btn btn-small">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
