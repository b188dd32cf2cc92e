import { useId, type ReactNode } from 'react';
import { askAgentAbout } from '../lib/agentBridge';
import { useTier } from '../lib/tier';
import { useWindow } from '../lib/window';
import { saveCsv, toCsv, type CsvCell } from '../lib/csv';
import { PanelExport, type ApiRequest } from './PanelExport';
import { ScrollBox } from './ScrollBox';

interface PanelProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  className?: string;
  testId?: string;
  /** A chart id the agent understands (e.g. "timeseries:hook_rate"): adds an "Explain" button. */
  explain?: string;
  children: ReactNode;
}

function ExplainButton({ chartId, title }: { chartId: string; title: string }) {
  const tier = useTier();
  const { sel } = useWindow();
  if (tier !== 'pro') return null;
  return (
    <button
      type="button"
      className="btn btn-small btn-ghost explain"
      onClick={() => askAgentAbout(chartId, sel.kind === 'named' ? sel.range : undefined)}
      aria-label={`Ask the agent to explain ${title.toLowerCase()}`}
      title="Ask the agent to explain this chart"
    >
      Explain
    </button>
  );
}

/** A titled dashboard panel; its heading labels the region for screen readers. */
export function Panel({ title, subtitle, actions, className, testId, explain, children }: PanelProps) {
  const id = useId();
  return (
    <section className={`panel ${className ?? ''}`} aria-labelledby={id} data-panel={testId}>
      <header className="panel-head">
        <div>
          <h2 id={id}>{title}</h2>
          {subtitle && <p className="panel-sub">{subtitle}</p>}
        </div>
        {(actions || explain) && (
          <div className="panel-actions">
            {actions}
            {explain && <ExplainButton chartId={explain} title={title} />}
          </div>
        )}
      </header>
      <div className="panel-body">{children}</div>
    </section>
  );
}

/** A table row's cells; those `num` picks are right-aligned numbers. */
export function RowCells({ cells, num }: { cells: ReactNode[]; num: (column: number) => boolean | undefined }) {
  return cells.map((cell, i) => (
    <td key={i} className={num(i) ? 'num' : undefined}>
      {cell}
    </td>
  ));
}

/** A panel's figures as a file: raw values (not formatted), with their own header. */
export interface CsvExport {
  file: string;
  header: string[];
  rows: CsvCell[][];
}

/** A panel's downloads: its figures as CSV, its chart as PNG, the query behind them as JSON or curl. */
export function ExportRow({ caption, csv, requests }: { caption: string; csv: CsvExport; requests?: () => Promise<ApiRequest[]> }) {
  return (
    <div className="panel-exports">
      <button
        type="button"
        className="btn btn-small btn-ghost csv-download"
        onClick={() => saveCsv(csv.file, toCsv(csv.header, csv.rows))}
        data-testid="csv-download"
      >
        Download CSV<span className="sr-only"> of {caption.toLowerCase()}</span>
      </button>
      <PanelExport file={csv.file.replace(/\.csv$/, '')} caption={caption} requests={requests} />
    </div>
  );
}

/**
 * The numbers behind a chart, for keyboard and screen-reader users (and the curious), and
 * (with `csv`) a download of them, as Grafana's panel inspector gives.
 */
export function DataTable({
  caption,
  columns,
  rows,
  csv,
  requests,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][];
  csv?: CsvExport;
  /** The requests behind the figures, for the query exports (JSON, curl). */
  requests?: () => Promise<ApiRequest[]>;
}) {
  return (
    <details className="data-table">
      <summary>Show data as a table</summary>
      {csv && <ExportRow caption={caption} csv={csv} requests={requests} />}
      <ScrollBox label={caption} className="table-short">
        <table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th key={c} scope="col" className={i > 0 ? 'num' : undefined}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <RowCells cells={r} num={(j) => j > 0} />
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </details>
  );
}
