import { useRef, useState } from 'react';

/** A signing secret shown once, right after creation, with a copy button. */
export function SecretOnce({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard permission (e.g. plain http): select the text for Ctrl+C instead.
      input.current?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  };
  return (
    <div className="secret-once" role="region" aria-label={title} data-testid="secret-once">
      <p>
        <strong>{title}.</strong> Copy the signing secret now: it is shown only once. Use it to verify the <code>webhook-signature</code>{' '}
        header (Standard Webhooks).
      </p>
      <div className="input-row">
        <input
          ref={input}
          readOnly
          value={secret}
          className="mono"
          aria-label="Signing secret"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="secret-value"
        />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Done
        </button>
      </div>
      {copied && (
        <p className="help" role="status">
          {copied}
        </p>
      )}
    </div>
  );
}

/** Delete with an inline "are you sure" instead of a modal dialog. */
export function ConfirmDelete({ what, onConfirm, busy }: { what: string; onConfirm: () => void; busy?: boolean }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="btn btn-small btn-danger" onClick={() => setAsking(true)} aria-label={`Delete ${what}`}>
        Delete
      </button>
    );
  return (
    <span className="confirm" role="group" aria-label={`Confirm deleting ${what}`}>
      <button type="button" className="btn btn-small btn-danger" onClick={onConfirm} disabled={busy} autoFocus>
        Yes, delete
      </button>
      <button type="button" className="btn btn-small btn-ghost" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  );
}
