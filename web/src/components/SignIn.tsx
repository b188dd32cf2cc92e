import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { signIn } from '../lib/session';
import { FormError } from './Field';
import { Logo } from './Logo';

/** Paste an API key; the server checks it and answers with a session cookie the page never sees. */
export function SignIn({ notice }: { notice?: string | null }) {
  const [key, setKey] = useState('');
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const k = key.trim();
    if (!k) {
      setError('Paste an API key first.');
      return;
    }
    if (!k.startsWith('hpk_')) {
      setError('API keys start with "hpk_". Check that you copied the whole key.');
      return;
    }
    if (k.length > 200) {
      setError('That is longer than any API key. Check what you pasted.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(k);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 401) setError('That key was refused: it is unknown or has been revoked.');
      else if (err instanceof ApiError && err.code === 'forbidden') setError(`${err.detail} The dashboard needs a read key.`);
      else setError(errorMessage(err));
    }
  };

  return (
    <main className="signin" id="main">
      <div className="signin-card">
        <div className="brand brand-large">
          <Logo size={34} />
          <h1>Honeypot Intel</h1>
        </div>
        <p className="muted">Threat intelligence from the calls our AI honeypot receives.</p>
        {notice && (
          <p className="notice" role="status" data-testid="signin-notice">
            {notice}
          </p>
        )}
        <form onSubmit={submit} noValidate>
          <label htmlFor="api-key">API key</label>
          <div className="input-row">
            <input
              id="api-key"
              name="api-key"
              type={show ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              placeholder="hpk_…"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              aria-describedby="api-key-help"
              aria-invalid={error ? true : undefined}
              maxLength={400}
              autoFocus
            />
            <button type="button" className="btn btn-ghost" onClick={() => setShow((s) => !s)} aria-pressed={show}>
              {show ? 'Hide' : 'Show'}
            </button>
          </div>
          <p id="api-key-help" className="help">
            Use a read key. The demo key is printed in the terminal by <code>npm start</code>. The key is checked once and exchanged for a
            sign-in that lasts 12 hours in every tab of this browser; the page never stores the key.
          </p>
          <FormError problem={error} />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Checking…' : 'Sign in'}
          </button>
        </form>
      </div>
    </main>
  );
}
