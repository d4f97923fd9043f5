import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { registerServiceWorker } from './register-sw';
import { getSnapshot, subscribe } from './update-state';

// The prompt's code loads only when a new version is waiting (the worker has precached it by then):
// every other start leaves it out of the first screen.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })));

/** Registers the service worker when mounted, and shows the update prompt while a new version waits. */
export function UpdatePromptSlot() {
  const { updateWaiting } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    registerServiceWorker();
  }, []);
  if (!updateWaiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
