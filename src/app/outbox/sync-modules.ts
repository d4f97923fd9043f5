/**
 * The sync engine and its sender: loaded after the first screen or once there is work to send (by
 * the outbox session, itself loaded by outbox-modules.ts; a file of its own, so the two loaders do
 * not import each other).
 */
export function loadSyncModules() {
  return Promise.all([import('../../offline/sync-engine'), import('../../offline/send'), import('./outbox-delivery'), import('../../offline/background-sync')]);
}
