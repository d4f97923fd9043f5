import { storage } from '../lib/storage';

export const PERSIST_ASKED_KEY = 'mingle.persistStorageAsked';

/**
 * Asks the browser once (remembered in localStorage) to keep this origin's storage, so queued
 * work is not evicted under storage pressure. Call it when the member first queues work.
 * Resolves to the browser's answer, or null when it was asked before or the API is missing.
 */
export async function askPersistentStorage(): Promise<boolean | null> {
  if (storage.get(PERSIST_ASKED_KEY) !== null) return null;
  const manager = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!manager || typeof manager.persist !== 'function') return null;
  storage.set(PERSIST_ASKED_KEY, 'asked');
  try {
    if (typeof manager.persisted === 'function' && (await manager.persisted())) {
      storage.set(PERSIST_ASKED_KEY, 'granted');
      return true;
    }
    const granted = await manager.persist();
    storage.set(PERSIST_ASKED_KEY, granted ? 'granted' : 'denied');
    return granted;
  } catch {
    return null;
  }
}
