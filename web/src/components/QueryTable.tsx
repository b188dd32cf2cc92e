// A list from the API as a table: loading, error (with retry) and empty states, then one row
// per item. Shared by the webhook and alert pages.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Items } from '../lib/types';
import { Empty, ErrorState, Loading } from './states';
import { ScrollBox } from './ScrollBox';

export interface Column {
  label: string;
  /** Right-aligned numbers. */
  num?: boolean;
  /** Read by screen readers only (e.g. a column of buttons). */
  srOnly?: boolean;
}

export function QueryTable<T>(props: {
  query: UseQueryResult<Items<T>>;
  /** Names the list in the loading and error states. */
  feature: string;
  empty: ReactNode;
  /** A column's label alone, or the column. */
  columns: (string | Column)[];
  tall?: boolean;
  /** One `<tr>` with its key. */
  row: (item: T) => ReactNode;
}) {
  const { query, feature, empty, columns, tall, row } = props;
  if (query.isPending) return <Loading label={`Loading ${feature.toLowerCase()}`} />;
  if (query.isError) return <ErrorState error={query.error} feature={feature} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return <Empty>{empty}</Empty>;
  return (
    <ScrollBox label={feature} className={tall ? 'table-tall' : undefined}>
      <table>
        <thead>
          <tr>
            {columns
              .map((c) => (typeof c === 'string' ? { label: c } : c))
              .map((c) => (
                <th key={c.label} scope="col" className={c.num ? 'num' : undefined}>
                  {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{query.data.items.map(row)}</tbody>
      </table>
    </ScrollBox>
  );
}
