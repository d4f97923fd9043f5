import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterFirstScreen } from '../lib/after-first-screen';
import { hasFirstScreenAnswers } from '../lib/first-screen-data';
import { queryClient } from '../lib/query-client';
import { storage } from '../lib/storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { checkOutboxDatabase } from '../offline/outbox-summary';
import { App } from './App';
import { ErrorBoundary } from './ErrorBoundary';
import { startsOnMeetPage } from './outbox/outbox-modules';
import { startScreen } from './routes';
import { Providers } from './providers';
import './install-hook';
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

// The screen the page opens on, when the server announced its code in the page (a signed-in
// member's cold load: its chunks are already on their way, preloaded beside the shell) or when a
// stored cache lets it render at once (an offline start at a venue, from the home screen): the
// first render waits for that code too, so that the first paint is the screen, not a spinner and
// the screen a render later. The Meet page's code is always wanted at once (the deck also waits
// for the outbox, which it starts loading). A failure shows on the screen itself.
const waitForScreen = persisted || hasFirstScreenAnswers();
const screen = startScreen(window.location.pathname);
const screenCode = screen && (waitForScreen || startsOnMeetPage()) ? screen.load().catch(() => {}) : null;
// The deck's, the profile's and a connection's first render read whether the member's outbox is
// known to be empty (the deck then shows at once, the others leave Dexie until after their first
// screen); on a device that never had an outbox that takes one look at IndexedDB's list of
// databases. (The event page keeps loading the outbox at once on such a device: a goal edited
// offline right after a first visit, before the service worker holds the app, is then still queued.)
const outboxCheck = startsOnMeetPage() || /^\/(?:profile|connections\/[^/]+)\/?$/.test(window.location.pathname) ? checkOutboxDatabase() : null;

void Promise.all([persisted ? persistQueryCache() : null, waitForScreen ? screenCode : null, outboxCheck]).then(() => {
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
