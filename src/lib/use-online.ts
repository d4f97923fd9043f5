import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

// TanStack Query's online manager already listens to the online and offline events; its own state
// starts as online whatever the device says, so the value read is the browser's.
const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);

/** navigator.onLine, kept current by the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
