// Loading, empty, error, "pro plan" and "not available" states, shared by every panel.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api';

export function Loading({ label = 'Loading', height }: { label?: string; height?: number }) {
  return (
    <div className="state state-loading" style={height ? { minHeight: height } : undefined} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}

export function Empty({ children, height }: { children: ReactNode; height?: number }) {
  return (
    <div className="state state-empty" style={height ? { minHeight: height } : undefined}>
      {children}
    </div>
  );
}

export function ProNotice({ feature, height }: { feature: string; height?: number }) {
  return (
    <div className="state state-pro" style={height ? { minHeight: height } : undefined} data-state="pro">
      <span className="badge badge-pro">Pro plan</span>
      <p>
        <strong>{feature}</strong> is part of the pro plan. Your organisation is on the free plan; ask your administrator to upgrade it.
      </p>
    </div>
  );
}

export function Unavailable({ feature, height }: { feature: string; height?: number }) {
  return (
    <div className="state state-unavailable" style={height ? { minHeight: height } : undefined} data-state="unavailable">
      <p>
        <strong>{feature}</strong> is not available on this server yet.
      </p>
    </div>
  );
}

export function ErrorState({
  error,
  feature,
  onRetry,
  height,
}: {
  error: unknown;
  feature: string;
  onRetry?: () => void;
  height?: number;
}) {
  if (error instanceof ApiError && error.proRequired) return <ProNotice feature={feature} height={height} />;
  if (error instanceof ApiError && error.unavailable) return <Unavailable feature={feature} height={height} />;
  return (
    <div className="state state-error" role="alert" style={height ? { minHeight: height } : undefined} data-state="error">
      <p>
        <strong>Could not load {feature.toLowerCase()}.</strong> {errorMessage(error)}
      </p>
      {error instanceof ApiError && error.errors.length > 0 && (
        <ul className="field-errors">
          {error.errors.map((e) => (
            <li key={e.path}>
              <code>{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

interface QueryBodyProps<T> {
  q: UseQueryResult<T>;
  feature: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  height?: number;
  children: (data: T) => ReactNode;
}

/** Renders a query's data, or the right state while it is missing. */
export function QueryBody<T>({ q, feature, isEmpty, empty, height, children }: QueryBodyProps<T>) {
  if (q.isPending) return <Loading label={`Loading ${feature.toLowerCase()}`} height={height} />;
  if (q.isError && q.data === undefined)
    return <ErrorState error={q.error} feature={feature} onRetry={() => void q.refetch()} height={height} />;
  const data = q.data as T;
  if (isEmpty?.(data)) return <Empty height={height}>{empty ?? 'No calls in this window.'}</Empty>;
  return (
    <div className={q.isPlaceholderData ? 'updating' : undefined} aria-busy={q.isFetching || undefined}>
      {children(data)}
    </div>
  );
}
