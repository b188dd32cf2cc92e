import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';

/** A small "Copy" button for a long identifier (wallet, account, routing number). */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    if (!status) return;
    const t = setTimeout(() => setStatus(null), 2500);
    return () => clearTimeout(t);
  }, [status]);
  return (
    <>
      <button
        type="button"
        className="btn btn-small copy-btn"
        onClick={() => void copyText(text).then((ok) => setStatus(ok ? 'Copied' : 'Select and press Ctrl+C'))}
        aria-label={`Copy the ${what}`}
        data-copy={text}
      >
        Copy
      </button>
      <span className="copy-status" role="status" aria-live="polite">
        {status}
      </span>
    </>
  );
}
