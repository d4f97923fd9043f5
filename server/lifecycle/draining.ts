/**
 * Whether this process is shutting down: set once on SIGTERM or SIGINT, never cleared. Then
 * /readyz answers 503 (a load balancer stops sending requests here) and every answer not yet
 * sent closes its connection (a kept-alive client opens its next one elsewhere). A property of
 * the process, like its exit code, so it lives in the module rather than in each app built from it.
 */
let draining = false;
const listeners = new Set<() => void>();

export function startDraining(): void {
  if (draining) return;
  draining = true;
  for (const listener of listeners) listener();
}

export function isDraining(): boolean {
  return draining;
}

/** Runs `listener` when draining starts (at once if it has); returns how to remove it. */
export function onDraining(listener: () => void): () => void {
  if (draining) listener();
  else listeners.add(listener);
  return () => listeners.delete(listener);
}
