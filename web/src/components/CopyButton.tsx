import { useCopy } from '../lib/clipboard';

/**
 * A button that copies a value: "Copy" with what happened said beside it, or (`icon`, in tight
 * table cells) a small icon that turns into ✓ or ! for a moment.
 */
export function CopyButton({ text, what, icon }: { text: string; what: string; icon?: boolean }) {
  const [state, copy] = useCopy(icon ? 1500 : 2500);
  if (icon)
    return (
      <button
        type="button"
        className="btn-copy"
        onClick={() => copy(text)}
        aria-label={`Copy ${what} ${text}`}
        title={`Copy ${what}`}
        data-copy={text}
      >
        {state === 'copied' ? '✓' : state === 'failed' ? '!' : <CopyIcon />}
        <span className="sr-only" role="status">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy' : ''}
        </span>
      </button>
    );
  return (
    <>
      <button type="button" className="btn btn-small copy-btn" onClick={() => copy(text)} aria-label={`Copy the ${what}`} data-copy={text}>
        Copy
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and press Ctrl+C' : null}
      </span>
    </>
  );
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M11 3.5V3a1 1 0 0 0-1-1H3a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}
