import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, overviewModule } from './App';
import { ApiError } from './lib/api';
import { checkSession } from './lib/session';
import { WindowProvider } from './lib/window';
import './styles.css';

// Whether this tab is signed in (the session cookie is shared by every tab) is one GET /api/me.
void checkSession();

// The overview is the landing page: its code and the map's start downloading now, in
// parallel with the sign-in check and its data (requested by the shell once signed in).
if (window.location.pathname === '/') {
  void overviewModule.start().catch(() => {});
  void import('./charts/UsMap');
}

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; a network blip or 5xx might.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <WindowProvider>
        <App />
      </WindowProvider>
    </QueryClientProvider>
  </StrictMode>,
);
