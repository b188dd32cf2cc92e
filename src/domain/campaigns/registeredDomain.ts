// A phishing URL's registered domain: the label under the public suffix ("paypal-secure.co.uk"
// from "https://login.paypal-secure.co.uk/x"). We carry the multi-label suffixes scam URLs
// use, not the whole Public Suffix List: a suffix missing here makes the domain one label too
// short, and the value then links many unrelated calls, which the common-value rule
// (components.ts) refuses to link anyway.

const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'co.za',
  'co.in',
  'net.in',
  'org.in',
  'com.br',
  'com.mx',
  'com.ar',
  'com.co',
  'com.tr',
  'com.cn',
  'com.hk',
  'com.sg',
  'com.my',
  'com.ph',
  'co.jp',
  'co.kr',
  'com.ng',
  'com.pk',
  'com.ua',
  'co.il',
  // Free hosting under which each customer has a site of its own.
  'github.io',
  'netlify.app',
  'vercel.app',
  'web.app',
  'firebaseapp.com',
  'herokuapp.com',
  'pages.dev',
  'workers.dev',
  'blogspot.com',
  'wixsite.com',
  'weebly.com',
  'azurewebsites.net',
  'ngrok.io',
  'ngrok-free.app',
  'glitch.me',
  'repl.co',
]);

const HOST_RE = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/** The registered domain of a URL (with or without a scheme), an IPv4 host as is, or null. */
export function registeredDomain(url: string): string | null {
  const raw = url.trim();
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '');
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return host;
  if (!HOST_RE.test(host)) return null;
  const labels = host.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const keep = MULTI_LABEL_SUFFIXES.has(lastTwo) ? 3 : 2;
  return labels.length < keep ? null : labels.slice(-keep).join('.');
}
