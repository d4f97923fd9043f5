import type { SubscriptionResponse } from '../../../contract/subscription';

/**
 * The subscription as it was when the member left for the Customer Portal, kept in this tab's
 * sessionStorage. Back from the portal the page starts anew, and the persisted query cache may be
 * restored only after the new answer came, so the cache cannot tell reliably what changed (whether
 * to say 'Subscription Reactivated!' or 'Subscription Updated').
 */
const KEY = 'mingle.subscription-before-portal';

export function rememberBeforePortal(answer: SubscriptionResponse | undefined): void {
  try {
    if (answer) sessionStorage.setItem(KEY, JSON.stringify(answer));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage (private mode): the cache's copy is used instead.
  }
}

/** The remembered answer, once: it is removed as it is read. */
export function takeBeforePortal(): SubscriptionResponse | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as SubscriptionResponse) : undefined;
  } catch {
    return undefined;
  }
}
