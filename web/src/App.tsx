import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Logo } from './components/Logo';
import { Identity } from './components/Identity';
import { Loading } from './components/states';
import { SignIn } from './components/SignIn';
import { signOut, useSession } from './lib/session';
import { Link, matchRoute, useLocation, type Route } from './lib/router';
import { OPEN_AGENT_EVENT } from './lib/agentBridge';
import { prefetchOverview } from './pages/overview/prefetch';
import { useWindow } from './lib/window';
import { preload, useModule } from './lib/preload';
import './pages/pages.css';

const Calls = lazy(() => import('./pages/Calls'));
const CallPage = lazy(() => import('./pages/CallPage'));
const Campaigns = lazy(() => import('./pages/Campaigns'));
const CampaignPage = lazy(() => import('./pages/CampaignPage'));
const Webhooks = lazy(() => import('./pages/Webhooks'));
const Alerts = lazy(() => import('./pages/Alerts'));
const Integrations = lazy(() => import('./pages/Integrations'));
const AgentChat = lazy(() => import('./agent/AgentChat'));

const NAV: { to: string; label: string; match: Route['page'][] }[] = [
  { to: '/', label: 'Overview', match: ['overview'] },
  { to: '/calls', label: 'Calls', match: ['calls', 'call'] },
  { to: '/campaigns', label: 'Campaigns', match: ['campaigns', 'campaign'] },
  { to: '/agent', label: 'Agent', match: ['agent'] },
  { to: '/webhooks', label: 'Webhooks', match: ['webhooks'] },
  { to: '/alerts', label: 'Alerts', match: ['alerts'] },
  { to: '/integrations', label: 'Integrations', match: ['integrations'] },
];

const TITLES: Record<Route['page'], string> = {
  overview: 'Overview',
  calls: 'Calls',
  call: 'Call',
  campaigns: 'Campaigns',
  campaign: 'Campaign',
  agent: 'Agent',
  webhooks: 'Webhooks',
  alerts: 'Alerts',
  integrations: 'Integrations',
  not_found: 'Not found',
};

const AGENT_OPEN = 'hp.agentOpen';

/** The overview's code; main.tsx starts loading it on the landing page. */
export const overviewModule = preload(() => import('./pages/Overview'));

/** The landing page, rendered as soon as its code is in (no Suspense fallback, lib/preload.ts). */
function OverviewPage() {
  const m = useModule(overviewModule);
  return m ? <m.default /> : <Loading label="Loading page" height={320} />;
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'overview':
      return <OverviewPage />;
    case 'calls':
      return <Calls />;
    case 'call':
      return <CallPage sid={route.sid} />;
    case 'campaigns':
      return <Campaigns />;
    case 'campaign':
      return <CampaignPage id={route.id} />;
    case 'agent':
      return (
        <div className="page page-agent">
          <AgentChat variant="page" />
        </div>
      );
    case 'webhooks':
      return <Webhooks />;
    case 'alerts':
      return <Alerts />;
    case 'integrations':
      return <Integrations />;
    default:
      return (
        <div className="page">
          <h1 tabIndex={-1}>Page not found</h1>
          <p>
            There is nothing at this address. Go to the <Link to="/">overview</Link>.
          </p>
        </div>
      );
  }
}

export function App() {
  const session = useSession();
  const qc = useQueryClient();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const [agentOpen, setAgentOpen] = useState(() => sessionStorage.getItem(AGENT_OPEN) === '1');
  const first = useRef(true);

  // The next sign-in (perhaps another org's key) sees none of this session's cached data.
  useEffect(() => {
    if (session.status === 'signed-out') qc.clear();
  }, [session.status, qc]);

  // The overview's data is requested in parallel with its code and with the sign-in check
  // (the cookie goes with both): a 401 while checking signs nobody out, and the cache is
  // cleared when the check says signed out.
  const { sel } = useWindow();
  const prefetched = useRef(false);
  if (session.status !== 'signed-out' && route.page === 'overview' && !prefetched.current) {
    prefetched.current = true;
    prefetchOverview(qc, sel);
  }

  useEffect(() => {
    document.title = `${TITLES[route.page]} · Honeypot Intel`;
    if (first.current) {
      first.current = false;
      return;
    }
    // Move focus to the new page for keyboard and screen-reader users.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, route.page]);

  // A panel's "Explain" button opens the agent beside the page.
  useEffect(() => {
    const open = () => {
      sessionStorage.setItem(AGENT_OPEN, '1');
      setAgentOpen(true);
    };
    window.addEventListener(OPEN_AGENT_EVENT, open);
    return () => window.removeEventListener(OPEN_AGENT_EVENT, open);
  }, []);

  const toggleAgent = () => {
    setAgentOpen((o) => {
      sessionStorage.setItem(AGENT_OPEN, o ? '0' : '1');
      return !o;
    });
  };

  if (session.status === 'checking') return <Loading label="Checking your sign-in" height={240} />;
  if (session.status === 'signed-out') return <SignIn notice={session.notice} />;

  const showSide = agentOpen && route.page !== 'agent';
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand" aria-label="Honeypot Intel, overview">
          <Logo size={22} />
          <span>Honeypot Intel</span>
        </Link>
        <nav aria-label="Main" className="mainnav">
          {NAV.map((n) => (
            <Link key={n.to} to={n.to} aria-current={n.match.includes(route.page) ? 'page' : undefined}>
              {n.label}
            </Link>
          ))}
        </nav>
        <div className="topbar-end">
          <Identity me={session.me} />
          {route.page !== 'agent' && (
            <button
              type="button"
              className={`btn btn-small ${agentOpen ? 'btn-active' : ''}`}
              aria-pressed={agentOpen}
              aria-controls={showSide ? 'agent-side' : undefined}
              onClick={toggleAgent}
            >
              Ask the agent
            </button>
          )}
          <button type="button" className="btn btn-small btn-ghost" onClick={() => void signOut()} data-testid="sign-out">
            Sign out
          </button>
        </div>
      </header>
      <div className={`layout ${showSide ? 'with-side' : ''}`}>
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<Loading label="Loading page" height={320} />}>
            <Page route={route} />
          </Suspense>
        </main>
        {showSide && (
          <aside id="agent-side" className="agent-side" aria-label="Agent">
            <Suspense fallback={<Loading label="Loading the agent" />}>
              <AgentChat variant="side" onClose={toggleAgent} />
            </Suspense>
          </aside>
        )}
      </div>
    </div>
  );
}
