import { API_CACHE_PREFIX, API_CACHES_CLEARED_MESSAGE, CLEAR_API_CACHES_MESSAGE, messageType, OUTBOX_SYNC_TAG } from '../../contract/sw-messages';

/** Background Sync's part of a registration; not in TypeScript's DOM lib (Chromium only). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

function serviceWorkers(): ServiceWorkerContainer | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
}

/**
 * Asks the browser to fire the worker's 'sync' event once the network is back, which wakes the
 * outbox of every open tab. Call it when work is queued. Only an extra trigger where Background
 * Sync exists: the sync engine drains on its own anyway, so this never throws.
 */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const container = serviceWorkers();
    if (!container || !('SyncManager' in globalThis)) return;
    const registration = await container.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    // Registering needs an active worker (it rejects before the first activation).
    if (!registration?.active || !sync) return;
    await sync.register(OUTBOX_SYNC_TAG);
  } catch {
    // Refused (permission, no active worker yet): the engine's own triggers still drain.
  }
}

/** How long the page waits for the worker to confirm; a busy or old worker must not block logout. */
export const CLEAR_ANSWER_TIMEOUT_MS = 1000;

/**
 * Empties the service worker's API cache (one member's answers) and resolves when it is done.
 * Never throws.
 *
 * Two steps, both harmless when repeated. The controlling worker is asked first because only it
 * knows which answers are still on their way from the network: it makes sure they are not stored
 * after the clear. Then the page deletes the API caches itself, since pages can open caches too:
 * this covers a page no worker controls (first visit, a hard reload, development without a
 * worker) and a worker that does not answer in time.
 */
export async function clearApiCaches(options: { answerTimeoutMs?: number } = {}): Promise<void> {
  await askWorkerToClear(options.answerTimeoutMs ?? CLEAR_ANSWER_TIMEOUT_MS);
  await deleteApiCachesHere();
}

function askWorkerToClear(timeoutMs: number): Promise<void> {
  const worker = serviceWorkers()?.controller;
  if (!worker) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const done = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      if (messageType(event.data) === API_CACHES_CLEARED_MESSAGE) done();
    };
    try {
      worker.postMessage({ type: CLEAR_API_CACHES_MESSAGE }, [channel.port2]);
    } catch {
      done();
    }
  });
}

async function deleteApiCachesHere(): Promise<void> {
  // Missing outside secure contexts (plain http on another host than localhost).
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(API_CACHE_PREFIX)).map((name) => caches.delete(name)));
  } catch {
    // Storage unavailable: nothing the page can do; the worker empties the cache at the next sign-in.
  }
}
