/** The health probes' paths (routes/health.ts), which the request log leaves out. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
