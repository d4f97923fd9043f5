import { afterAll, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { outboxModulesAsked } from '../app/outbox/outbox-modules';
import { forgetOutboxDatabaseCheck } from '../offline/outbox-summary';
import { preloadToastItem } from '../ui/Toaster';
import { useToastStore } from '../ui/toast-store';

/**
 * The client tests' setup, run before each file. findBy and waitFor give up after 5 s instead of
 * 1 s: the first screen of a file loads its lazy route chunks through Vite's transform, which on a
 * busy two-core machine (vitest running files side by side) can take over a second. It is a bound
 * against a hang, not a timing under test.
 */
configure({ asyncUtilTimeout: 5_000 });

// A notice's own code loads after the first screen in the app (ui/Toaster.tsx); the tests read
// notices from the start, as a member does once the app has settled.
beforeAll(() => preloadToastItem());
// No notice of the file before, also none it raised late (a request that failed after its last test).
beforeAll(() => useToastStore.setState({ toasts: [] }));

/**
 * The files of a worker share one page (vitest.config.ts): what a file changed in the browser is
 * put back after it, so the next file starts on an empty page, as after a load.
 */
const hasPage = typeof document !== 'undefined'; // false in the files that run in node
const navigatorOwn = new Set(hasPage ? Object.getOwnPropertyNames(navigator) : []);
afterAll(async () => {
  if (!hasPage) return;
  // The outbox's code a page asked for arrives within the file: the worker may end after it.
  await outboxModulesAsked();
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // A file that gave navigator its own clipboard, share or onLine hid the browser's.
  for (const name of Object.getOwnPropertyNames(navigator)) {
    if (!navigatorOwn.has(name)) delete (navigator as unknown as Record<string, unknown>)[name];
  }
  // Online again for TanStack Query's online manager too, whatever the file last announced.
  window.dispatchEvent(new Event('online'));
  await emptyIndexedDb();
  forgetOutboxDatabaseCheck();
});

/**
 * Empties every IndexedDB database (fake-indexeddb, where a file loaded it) as on a new device. The
 * databases stay, with their stores: the app's outbox database is opened once per load of its
 * module and must stay usable for the next file.
 */
async function emptyIndexedDb(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const stores = [...db.objectStoreNames];
    if (stores.length > 0) {
      const emptying = db.transaction(stores, 'readwrite');
      for (const store of stores) emptying.objectStore(store).clear();
      await new Promise<void>((resolve, reject) => {
        emptying.oncomplete = () => resolve();
        emptying.onerror = () => reject(emptying.error);
      });
    }
    db.close();
  }
}
