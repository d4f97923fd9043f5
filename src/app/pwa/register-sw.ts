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
        wb.addEventListener('waiting', () => setState({ updateWaiting: true }));
        workbox = wb;
        return wb.register();
      })
      .catch((error: unknown) => {
        console.warn('Service worker registration failed', error);
      });
  });
}

/**
 * Moves to the waiting version: asks it to skip waiting and reloads once it controls the page.
 * With no waiting worker left (another tab accepted it meanwhile) a plain reload does it.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!workbox || !registration?.waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  workbox.messageSkipWaiting();
}

/** Hides the prompt until the next new version (the waiting worker takes over on the next start). */
export function dismissUpdate(): void {
  setState({ updateWaiting: false });
}
