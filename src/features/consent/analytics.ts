import { env } from '../../lib/env';

let loaded = false;

/**
 * Loads the analytics script, once, and only when called: the cookie banner calls it after the
 * member said 'Got it' (or on start when they had). No analytics provider is configured by default,
 * so this does nothing unless VITE_ANALYTICS_SRC was set at build time. The server's
 * Content-Security-Policy allows scripts from the app's own origin only: the script must be served
 * from this origin (or the CSP widened) or the browser will refuse it.
 *
 * Returns true when it added the script.
 */
export function loadAnalytics(src: string | undefined = env.analyticsSrc): boolean {
  if (loaded || !src) return false;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.analytics = 'true';
  document.head.appendChild(script);
  loaded = true;
  return true;
}
