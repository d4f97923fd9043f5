import { STORAGE_KEYS } from '../lib/storage-keys';

/** Removes the persisted query cache (a member's cache that may no longer be restored). Never throws. */
export function clearPersistedQueryCache(storage: Storage | undefined = localStorageOrNothing()): void {
  try {
    storage?.removeItem(STORAGE_KEYS.queryCache);
  } catch {
    // Storage unavailable: there is nothing stored either.
  }
}

/** localStorage, or undefined where reading it throws (blocked storage). */
export function localStorageOrNothing(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
