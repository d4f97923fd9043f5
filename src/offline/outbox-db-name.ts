/**
 * The outbox's IndexedDB database, in a module without Dexie: code that only names it (a benchmark
 * reading it in a browser) must not load Dexie, which looks for indexedDB once, when it loads.
 */
export const OUTBOX_DB_NAME = 'mingle-offline';
