// A panel's exports beside its CSV: the chart as a PNG, and the query behind the figures as JSON
// or as curl commands (the requests a script would send for the same numbers, with its own key).

import { saveFile } from '../lib/csv';
import type { Query } from '../lib/api';

export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: unknown;
}

function urlOf(r: ApiRequest): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(r.query ?? {})) if (v !== null && v !== undefined && v !== '') p.append(k, String(v));
  const qs = p.toString();
  return `${window.location.origin}${r.path}${qs ? `?${qs}` : ''}`;
}

/** A shell word in single quotes. */
const sh = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlOf(r: ApiRequest): string {
  const auth = '-H "Authorization: Bearer $HONEYPOT_API_KEY"';
  if (r.method === 'GET') return `curl -sS ${auth} ${sh(urlOf(r))}`;
  return `curl -sS ${auth} -H 'content-type: application/json' -X POST --data ${sh(JSON.stringify(r.body))} ${sh(urlOf(r))}`;
}

/** The panel's chart as a PNG on the panel's own background (the canvas itself is transparent). */
function savePng(from: HTMLElement, file: string): void {
  const canvas = from.closest('.panel')?.querySelector<HTMLCanvasElement>('.echart canvas');
  if (!canvas) return;
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = getComputedStyle(from.closest('.panel')!).backgroundColor || '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  out.toBlob((blob) => blob && saveFile(`${file}.png`, blob), 'image/png');
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
        PNG<span className="sr-only"> of the chart of {what}</span>
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
