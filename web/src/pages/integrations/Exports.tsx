// The export endpoints with a curl command each, for the window the dashboard shows.

import { EXPORT_FORMATS } from '../../components/ExportMenu';
import { Panel } from '../../components/Panel';
import { ScrollBox } from '../../components/ScrollBox';
import { Link } from '../../lib/router';
import { useWindow, type WindowSel } from '../../lib/window';
import { Snippet } from './Snippet';

/** A named window stays named ("the last 7 days" whenever it runs); custom dates become start/end. */
function windowQuery(sel: WindowSel, span: { start: string; end: string }): string {
  return sel.kind === 'named' ? `range=${sel.range}` : `start=${encodeURIComponent(span.start)}&end=${encodeURIComponent(span.end)}`;
}

export function ExportsPanel({ origin }: { origin: string }) {
  const w = useWindow();
  const query = windowQuery(w.sel, w.span);
  return (
    <Panel title="Exports" testId="exports" className="w-6" subtitle="Every tier-1 call of a window as one file; the same read key">
      <p>
        The Export menu on the <Link to="/">overview</Link>&apos;s Tier-1 panel downloads these for the window shown. From a script, with a
        read key in <code>HONEYPOT_KEY</code> (the window: <code>range=24h|7d|30d</code>, or <code>start</code> and <code>end</code> in ISO
        8601):
      </p>
      <ScrollBox label="Export endpoints">
        <table className="int-exports">
          <thead>
            <tr>
              <th scope="col">Export</th>
              <th scope="col">Endpoint</th>
              <th scope="col">Answers</th>
            </tr>
          </thead>
          <tbody>
            {EXPORT_FORMATS.map((f) => (
              <tr key={f.path}>
                <td>{f.label}</td>
                <td>
                  <code>GET {f.path}</code>
                </td>
                <td>
                  <code>{f.media}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {EXPORT_FORMATS.map((f) => (
        <Snippet
          key={f.path}
          text={`curl -OJ -H "Authorization: Bearer $HONEYPOT_KEY" "${origin}${f.path}?${query}"`}
          what={`curl command for the ${f.label} export`}
          testId={`curl-${f.testId}`}
        />
      ))}
    </Panel>
  );
}
