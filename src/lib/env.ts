/** The only place the client reads build-time environment (import.meta.env). */

/**
 * Script URL of a self-hosted analytics provider. Unset by default: no analytics are loaded at all.
 * The Content-Security-Policy allows scripts from the app's own origin only, so this must be a
 * same-origin path (for example /analytics.js) unless the server's CSP is widened as well.
 */
const analyticsSrc: string | undefined = import.meta.env.VITE_ANALYTICS_SRC || undefined;

/**
 * The app version (package.json's "version", set by vite.config.ts at build time). The persisted
 * query cache is busted when it changes, so bump it when the shape of cached API answers changes.
 * Tests run without it.
 */
const appVersion: string = import.meta.env.VITE_APP_VERSION || 'dev';

export const env = {
  analyticsSrc,
  appVersion,
} as const;
