import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CACHES_CLEARED_MESSAGE, CLEAR_API_CACHES_MESSAGE, OUTBOX_SYNC_TAG } from '../../contract/sw-messages';
import { clearApiCaches, requestBackgroundSync } from './background-sync';

// happy-dom has neither service workers nor the Cache API: these stand in for the browser's.

/** The browser's CacheStorage, holding only names. */
class FakeCacheStorage {
  readonly names: Set<string>;
  constructor(names: string[]) {
    this.names = new Set(names);
  }
  async keys(): Promise<string[]> {
    return [...this.names];
  }
  async delete(name: string): Promise<boolean> {
    return this.names.delete(name);
  }
}

function giveServiceWorkers(container: Partial<ServiceWorkerContainer>): void {
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
});

describe('requestBackgroundSync', () => {
  function registrationWith(register: (tag: string) => Promise<void>, active = true) {
    return { active: active ? {} : null, sync: { register } } as unknown as ServiceWorkerRegistration;
  }

  it('registers the outbox tag on the active registration where Background Sync exists', async () => {
    const tags: string[] = [];
    vi.stubGlobal('SyncManager', class {});
    giveServiceWorkers({ getRegistration: async () => registrationWith(async (tag) => void tags.push(tag)) });
    await requestBackgroundSync();
    expect(tags).toEqual([OUTBOX_SYNC_TAG]);
  });

  it('does nothing without Background Sync, a worker or an active registration', async () => {
    const tags: string[] = [];
    const register = async (tag: string) => void tags.push(tag);
    giveServiceWorkers({ getRegistration: async () => registrationWith(register) });
    await requestBackgroundSync();

    vi.stubGlobal('SyncManager', class {});
    giveServiceWorkers({ getRegistration: async () => registrationWith(register, false) });
    await requestBackgroundSync();
    giveServiceWorkers({ getRegistration: async () => undefined });
    await requestBackgroundSync();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await requestBackgroundSync();

    expect(tags).toEqual([]);
  });

  it('never throws when the browser refuses', async () => {
    vi.stubGlobal('SyncManager', class {});
    giveServiceWorkers({
      getRegistration: async () => registrationWith(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
    });
    await expect(requestBackgroundSync()).resolves.toBeUndefined();
    giveServiceWorkers({ getRegistration: () => Promise.reject(new Error('no')) });
    await expect(requestBackgroundSync()).resolves.toBeUndefined();
  });
});

describe('clearApiCaches', () => {
  const OTHERS = ['mingle-images-v1', 'mingle-precache-v1', 'someone-else'];

  it('asks the controlling worker, waits for its answer, and leaves images and the shell', async () => {
    const storage = new FakeCacheStorage(['mingle-api-v1', ...OTHERS]);
    vi.stubGlobal('caches', storage);
    const received: unknown[] = [];
    let answer: (() => void) | undefined;
    const controller = {
      postMessage(message: unknown, transfer: Transferable[]) {
        received.push(message);
        const port = transfer[0] as MessagePort;
        // The worker empties its cache, then answers on the port it was given.
        answer = () => {
          storage.names.delete('mingle-api-v1');
          port.postMessage({ type: API_CACHES_CLEARED_MESSAGE });
        };
      },
    };
    giveServiceWorkers({ controller: controller as unknown as ServiceWorker });

    let finished = false;
    const clearing = clearApiCaches({ answerTimeoutMs: 60_000 }).then(() => (finished = true));
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ type: CLEAR_API_CACHES_MESSAGE });
    expect(finished).toBe(false);
    answer!();
    await clearing;
    expect([...storage.names]).toEqual(OTHERS);
  });

  it('deletes every version of the API cache itself when no worker controls the page', async () => {
    const storage = new FakeCacheStorage(['mingle-api-v1', 'mingle-api-v0', ...OTHERS]);
    vi.stubGlobal('caches', storage);
    giveServiceWorkers({ controller: null });
    await clearApiCaches();
    expect([...storage.names]).toEqual(OTHERS);
  });

  it('does not wait forever for a worker that never answers', async () => {
    const storage = new FakeCacheStorage(['mingle-api-v1', ...OTHERS]);
    vi.stubGlobal('caches', storage);
    giveServiceWorkers({ controller: { postMessage() {} } as unknown as ServiceWorker });
    await clearApiCaches({ answerTimeoutMs: 5 });
    expect([...storage.names]).toEqual(OTHERS);
  });

  it('resolves where there is no Cache API or no service worker at all', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(clearApiCaches()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new Error('SecurityError')) });
    await expect(clearApiCaches()).resolves.toBeUndefined();
  });
});
