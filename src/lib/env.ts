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

/**
 * Who runs this installation, as the Terms of Service and the Privacy Policy name them: the
 * operator's name and the address members write to about their account and their data. Without
 * VITE_OPERATOR_NAME and VITE_OPERATOR_EMAIL the pages show these placeholders and say that they are
 * ones (`configured` false): fine for the demo, never for a real service.
 */
const operatorName: string | undefined = import.meta.env.VITE_OPERATOR_NAME?.trim() || undefined;
const operatorEmail: string | undefined = import.meta.env.VITE_OPERATOR_EMAIL?.trim() || undefined;
const operator = {
  name: operatorName ?? 'Mingle demo (operator not configured)',
  email: operatorEmail ?? 'privacy@mingle.example',
  configured: operatorName !== undefined && operatorEmail !== undefined,
} as const;

/**
 * Where the profile's 'Support' mail link writes to (VITE_SUPPORT_EMAIL); without it, the
 * operator's address.
 */
const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL?.trim() || operator.email;

export const env = {
  analyticsSrc,
  appVersion,
  operator,
  supportEmail,
} as const;
