import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';

/** A value cut for width, whole in its title and on the clipboard. */
export function middle(s: string, max = 18): string {
  return s.length > max ? `${s.slice(0, max - 8)}…${s.slice(-6)}` : s;
}

export function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <button
      type="button"
      className="btn-copy"
      onClick={async () => setState((await copyText(value)) ? 'copied' : 'failed')}
      aria-label={`Copy ${what} ${value}`}
      title={`Copy ${what}`}
      data-copy={value}
    >
      {state === 'copied' ? (
        '✓'
      ) : state === 'failed' ? (
        '!'
      ) : (
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      )}
      <span className="sr-only" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
      </span>
    </button>
  );
}
