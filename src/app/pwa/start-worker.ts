import { Workbox } from 'workbox-window';
import { pwaEnv } from './env';
import { setUpdateWaiting } from './update-state';

/** Registers the worker (register-sw.ts decides when) and hands its Workbox to `registered`. */
export async function startWorker(registered: (workbox: Workbox) => void): Promise<void> {
  try {
    const wb = new Workbox(pwaEnv.scriptUrl, { scope: '/', type: pwaEnv.scriptType });
    // 'waiting' fires for a worker installed now and for one already waiting from an earlier visit.
    wb.addEventListener('waiting', () => setUpdateWaiting(true));
    registered(wb);
    await wb.register();
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}
