/** The only place the client reads build-time environment (import.meta.env). */

/**
 * Script URL of a self-hosted analytics provider. Unset by default: no analytics are loaded at all.
 * The Content-Security-Policy allows scripts from the app's own origin only, so this must be a
 * same-origin path (for example /analytics.js) unless the server's CSP is widened as well.
 */
const analyticsSrc: string | undefined = import.meta.env.VITE_ANALYTICS_SRC || undefined;

export const env = {
  analyticsSrc,
} as const;
