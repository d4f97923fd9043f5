/**
 * Whether a new version of the service worker is waiting: a small store (subscribe/getSnapshot) so
 * React reads it with useSyncExternalStore (register-sw.ts registers the worker).
 */
export interface UpdateState {
  /** A new worker is installed and waiting for the user to accept it. */
  updateWaiting: boolean;
}

let state: UpdateState = { updateWaiting: false };
const listeners = new Set<() => void>();

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

/** Shows or hides the update prompt. */
export function setUpdateWaiting(updateWaiting: boolean): void {
  setState({ updateWaiting });
}
