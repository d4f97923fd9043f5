import { registeredWorkbox } from './register-sw';
import { setUpdateWaiting } from './update-state';

/**
 * Moves to the waiting version: asks it to skip waiting and reloads once it controls the page.
 * With no waiting worker left (another tab accepted it meanwhile) a plain reload does it.
 */
export async function applyUpdate(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const workbox = registeredWorkbox();
  if (!workbox || !registration?.waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  workbox.messageSkipWaiting();
}

/** Hides the prompt until the next new version (the waiting worker takes over on the next start). */
export function dismissUpdate(): void {
  setUpdateWaiting(false);
}
