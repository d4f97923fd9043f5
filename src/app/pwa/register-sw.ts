import type { Workbox } from 'workbox-window';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { pwaEnv } from './env';

/**
 * Registers the service worker with workbox-window and tracks whether a new version is waiting.
 * A small store (subscribe/getSnapshot) so React reads it with useSyncExternalStore.
 */
export interface UpdateState {
  /** A new worker is installed and waiting for the user to accept it. */
  updateWaiting: boolean;
}

let state: UpdateState = { updateWaiting: false };
const listeners = new Set<() => void>();
let workbox: Workbox | undefined;
let started = false;

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): UpdateState {
  return state;
}

/**
 * Registers the worker once per page (later calls do nothing). Off when the browser has no service
 * workers, and in development unless PWA_DEV=1. workbox-window loads, and the worker registers, once
 * the first screen is done (after the load event, see lib/after-first-screen.ts), so neither weighs on it.
 */
export function registerServiceWorker(): void {
  if (started || !pwaEnv.enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  afterFirstScreen(() => {
    void import('workbox-window')
      .then(({ Workbox }) => {
        const wb = new Workbox(pwaEnv.scriptUrl, { scope: '/', type: pwaEnv.scriptType });
        // 'waiting' fires for a worker installed now and for one already waiting from an earlier visit.
        wb.addEventListener('waiting', () => setUpdateWaiting(true));
        workbox = wb;
        return wb.register();
      })
      .catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
      });
  });
}

/** The registration's Workbox once registered: the update prompt (update-actions.ts) talks to it. */
export function registeredWorkbox(): Workbox | undefined {
  return workbox;
}

/** Shows or hides the update prompt. */
export function setUpdateWaiting(updateWaiting: boolean): void {
  setState({ updateWaiting });
}
