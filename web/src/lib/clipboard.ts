// The one way the dashboard copies text.

import { useEffect, useState } from 'react';

/** Puts text on the clipboard: the Clipboard API, or a selected textarea where it is missing. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* denied: try the old way */
  }
  const ta = document.createElement('textarea');
  ta.value = text;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  let ok: boolean;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  ta.remove();
  return ok;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text and says how that went ('copied' or 'failed') for `ms`, then 'idle' again. */
export function useCopy(ms: number): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), ms);
    return () => clearTimeout(t);
  }, [state, ms]);
  return [state, (text) => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))];
}
