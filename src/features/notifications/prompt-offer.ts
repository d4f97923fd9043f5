import type { PushSupport } from './push-support';

/**
 * When the app offers notifications by itself: after a new connection (the moment they make sense),
 * only while the browser would still ask (permission 'default'), and not again for 30 days after
 * 'Not now'. The profile's settings stay there for a member who changes their mind sooner.
 */
export const PROMPT_DISMISSED_KEY = 'mingle.pushPromptDismissed';
export const PROMPT_QUIET_MS = 30 * 24 * 60 * 60 * 1000;

export type PromptOffer = 'enable' | 'home-screen' | null;

export function promptOffer(input: {
  support: PushSupport;
  permission: NotificationPermission | undefined;
  dismissedAt: string | null;
  now: number;
}): PromptOffer {
  const dismissed = Number(input.dismissedAt);
  if (input.dismissedAt !== null && Number.isFinite(dismissed) && input.now - dismissed < PROMPT_QUIET_MS) return null;
  if (input.support === 'needs-home-screen') return 'home-screen';
  if (input.support === 'available' && input.permission === 'default') return 'enable';
  return null;
}
