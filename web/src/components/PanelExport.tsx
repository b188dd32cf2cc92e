// A panel's exports beside its CSV: the chart as a PNG, and the query behind the figures as JSON
// or as curl commands (the requests a script would send for the same numbers, with its own key).

import { saveFile } from '../lib/csv';
import type { Query } from '../lib/api';
import { hrefWith } from '../lib/urlState';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: unknown;
}

/** The request's URL: repeated params for a list (`brand=A&brand=B`), as the page sends them. */
const urlOf = (r: ApiRequest): string => `${window.location.origin}${hrefWith(r.path, r.query ?? {})}`;

/** A shell word in single quotes. */
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlOf(r: ApiRequest): string {
  const auth = '-H "Authorization: Bearer $HONEYPOT_API_KEY"';
  if (r.method === 'GET') return `curl -sS ${auth} ${sh(urlOf(r))}`;
  return `curl -sS ${auth} -H 'content-type: application/json' -X POST --data ${sh(JSON.stringify(r.body))} ${sh(urlOf(r))}`;
}

/**
 * A table as drawn on the page, on a canvas of its size: each cell's first line of text in the
 * cell's own font and colour, and the rules between rows (a table has no canvas of its own).
 */
function tableCanvas(table: HTMLTableElement, background: string): HTMLCanvasElement {
  const dpr = window.devicePixelRatio || 1;
  const box = table.getBoundingClientRect();
  const out = document.createElement('canvas');
  out.width = Math.round(box.width * dpr);
  out.height = Math.round(box.height * dpr);
  const ctx = out.getContext('2d')!;
  ctx.scale(dpr, dpr);
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, box.width, box.height);
  ctx.textBaseline = 'middle';
  for (const row of Array.from(table.rows)) {
    const r = row.getBoundingClientRect();
    ctx.fillStyle = getComputedStyle(row).borderBottomColor || '#e5e7eb';
    ctx.fillRect(0, r.bottom - box.top - 1, box.width, 1);
    for (const cell of Array.from(row.cells)) {
      const c = cell.getBoundingClientRect();
      const style = getComputedStyle(cell);
      const text = (cell.innerText.split('\n')[0] ?? '').trim();
      if (!text) continue;
      ctx.save();
      ctx.beginPath();
      ctx.rect(c.left - box.left, c.top - box.top, c.width, c.height);
      ctx.clip();
      ctx.font = style.font;
      ctx.fillStyle = style.color;
      const pad = parseFloat(style.paddingLeft) || 0;
      const right = style.textAlign === 'right' || style.textAlign === 'end';
      ctx.textAlign = right ? 'right' : 'left';
      const x = right ? c.right - box.left - (parseFloat(style.paddingRight) || 0) : c.left - box.left + pad;
      ctx.fillText(text, x, c.top - box.top + c.height / 2);
      ctx.restore();
    }
  }
  return out;
}

/** The panel's chart (or, with none, its table) as a PNG on the panel's own background (a chart's canvas is transparent). */
function savePng(from: HTMLElement, file: string): void {
  const panel = from.closest<HTMLElement>('.panel');
  if (!panel) return;
  const background = getComputedStyle(panel).backgroundColor || '#ffffff';
  const canvas = panel.querySelector<HTMLCanvasElement>('.echart canvas');
  let out: HTMLCanvasElement;
  if (canvas) {
    out = document.createElement('canvas');
    out.width = canvas.width;
    out.height = canvas.height;
    const ctx = out.getContext('2d')!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(canvas, 0, 0);
  } else {
    const table = panel.querySelector<HTMLTableElement>('table');
    if (!table) return;
    out = tableCanvas(table, background);
  }
  // Encoded at once, not with toBlob: its callback comes from the encoder thread, which a loaded
  // headless browser once left the click without a download for over 90 s.
  const data = atob(out.toDataURL('image/png').split(',')[1] ?? '');
  saveFile(`${file}.png`, new Blob([Uint8Array.from(data, (ch) => ch.charCodeAt(0))], { type: 'image/png' }));
}

export function PanelExport({ file, caption, requests }: { file: string; caption: string; requests?: () => Promise<ApiRequest[]> }) {
  const what = caption.toLowerCase();
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-ghost csv-download"
        onClick={(e) => savePng(e.currentTarget, file)}
        data-testid="png-download"
      >
        PNG<span className="sr-only"> of {what}</span>
      </button>
      {requests && (
        <>
          <button
            type="button"
            className="btn btn-small btn-ghost csv-download"
            onClick={async () => {
              const rs = await requests();
              const json = { requests: rs.map((r) => ({ method: r.method, url: urlOf(r), ...(r.body ? { body: r.body } : {}) })) };
              saveFile(`${file}.query.json`, new Blob([JSON.stringify(json, null, 2) + '\n'], { type: 'application/json' }));
            }}
            data-testid="query-json"
          >
            Query (JSON)<span className="sr-only"> behind {what}</span>
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost csv-download"
            onClick={async () => {
              const rs = await requests();
              const text = `# ${caption}: set HONEYPOT_API_KEY to a read key of your org\n${rs.map(curlOf).join('\n')}\n`;
              saveFile(`${file}.curl.sh`, new Blob([text], { type: 'text/x-shellscript' }));
            }}
            data-testid="query-curl"
          >
            curl<span className="sr-only"> commands behind {what}</span>
          </button>
        </>
      )}
    </>
  );
}
