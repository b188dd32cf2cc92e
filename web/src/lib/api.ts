// The one way the dashboard talks to the service: the public API, authenticated by the
// session cookie (never an Authorization header: the page does not hold the key). Every
// request carries the CSRF header the server asks of cookie-authenticated writes; a cross-site
// form cannot set it. Errors become ApiError with the problem+json `detail` in words.

import { hrefWith, type Query } from './urlState';

export type { Query };

/**
 * Told of every 401 (the session ended: expired, revoked key, signed out elsewhere). The
 * session module registers itself here, so this client does not import the session state.
 */
let onRefused: (detail: string) => void = () => {};
export function onSessionRefused(listener: (detail: string) => void): void {
  onRefused = listener;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(detail);
  }

  /** The route itself does not exist on this server (yet): not an error of the user's doing. */
  get unavailable(): boolean {
    return this.status === 404 && /^No route for/i.test(this.detail);
  }

  get proRequired(): boolean {
    return this.status === 403 && this.code === 'tier_required';
  }
}

async function problemOf(res: Response): Promise<ApiError> {
  let body: { code?: string; detail?: string; title?: string; errors?: { path: string; message: string }[] } = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON: fall back to the status text */
  }
  const detail = body.detail || body.title || `The server answered ${res.status} ${res.statusText}.`;
  return new ApiError(res.status, body.code ?? `http_${res.status}`, detail, body.errors ?? []);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT';
  query?: Query;
  body?: unknown;
  accept?: string;
  signal?: AbortSignal;
}

/** Sends a request and returns the raw Response when it is 2xx; throws ApiError otherwise. */
export async function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: opts.accept ?? 'application/json', 'x-honeypot-csrf': '1' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(hrefWith(path, opts.query ?? {}), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The service could not be reached. Check your connection and try again.');
  }
  if (res.ok) return res;
  const problem = await problemOf(res);
  // A refused session sends this tab to the sign-in screen with the reason.
  if (res.status === 401) onRefused(problem.detail);
  if (res.status === 429) {
    const after = res.headers.get('retry-after');
    throw new ApiError(429, problem.code, after ? `${problem.detail} Try again in ${after} s.` : problem.detail);
  }
  throw problem;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** Downloads a file from an authenticated endpoint as a blob (the export keeps its file name). */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const res = await apiResponse(path, { query, accept: 'text/csv' });
  const blob = await res.blob();
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  const name = m ? decodeURIComponent(m[1]) : fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const errorMessage = (err: unknown): string =>
  err instanceof ApiError ? err.detail : err instanceof Error ? err.message : 'Something went wrong.';
