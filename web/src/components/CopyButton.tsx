import { useEffect, useState } from 'react';

/** Copies text to the clipboard; without the Clipboard API (insecure origin) a hidden textarea and execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

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
