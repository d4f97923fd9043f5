import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstScreen } from '../lib/after-first-screen';
import { queryClient } from '../lib/query-client';
import { storage } from '../lib/storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { startsOnMeetPage } from './outbox-modules';
import { Providers } from './providers';
import './global.css';

// Start-up phases on the Performance timeline (DevTools, tests/bench/offline-start.ts).
performance.mark('mingle:shell-evaluated');

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const persistQueryCache = () =>
  import('./query-cache-persistence')
    .then((m) => m.persistQueryCache(queryClient))
    .catch(() => {
      // The chunk did not load (replaced by a new version, no worker holding it): the app works
      // without a persisted cache, as on a first visit.
    });

// A persisted cache is restored before the first render, so that an offline start shows it at
// once (the chunk comes from the service worker's precache). Without one there is nothing to
// restore, and the code that keeps the cache written is not first-screen work. It is asked for
// before the first render, so it runs before the service worker registers (lib/after-first-screen.ts):
// the cache is stored by the time an offline reload could open the app.
const persisted = storage.get(STORAGE_KEYS.queryCache) !== null;
if (!persisted) afterFirstScreen(persistQueryCache);

// Started on the Meet page with a stored cache (at a venue, from the home screen): its screen's code
// is already on its way (routes.tsx), and the first render waits for it too, so that it renders the
// deck at once instead of a spinner first and the deck in a second pass. A failure shows there.
const meetCode = persisted && startsOnMeetPage() ? import('../routes/event-connect').catch(() => {}) : null;

void Promise.all([persisted ? persistQueryCache() : null, meetCode]).then(() => {
  performance.mark('mingle:cache-restored');
  const reactRoot = createRoot(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a slow phone stays responsive while it starts.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <ErrorBoundary>
          <Providers>
            <App />
          </Providers>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
});
