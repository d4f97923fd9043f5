import type { Workbox } from 'workbox-window';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { pwaEnv } from './env';

let workbox: Workbox | undefined;
let started = false;

/**
 * Registers the worker once per page (later calls do nothing). Off when the browser has no service
 * workers, and in development unless PWA_DEV=1. The registration's code (start-worker.ts, with
 * workbox-window) loads, and the worker registers, once the first screen is done (after the load
 * event, see lib/after-first-screen.ts), so neither weighs on it.
 */
export function registerServiceWorker(): void {
  if (started || !pwaEnv.enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  afterFirstScreen(() => import('./start-worker').then((m) => m.startWorker((wb) => (workbox = wb))));
}

/** The registration's Workbox once registered: the update prompt (update-actions.ts) talks to it. */
export function registeredWorkbox(): Workbox | undefined {
  return workbox;
}
