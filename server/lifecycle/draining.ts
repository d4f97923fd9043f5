/**
 * Whether this process is shutting down: set once on SIGTERM or SIGINT, never cleared. Then
 * /readyz answers 503 (a load balancer stops sending requests here) and every answer closes its
 * connection (a kept-alive client opens its next one elsewhere). A property of the process, like
 * its exit code, so it lives in the module rather than in each app built from it.
 */
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
