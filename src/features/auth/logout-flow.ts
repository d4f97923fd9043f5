import type { QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { outboxQueuedKey } from '../../lib/storage-keys';
import type { Outbox } from '../../offline/outbox';
import { toast } from '../../ui/toast-store';
import { clearMemberApiCaches, forgetMember, logout } from './api/logout';

/**
 * What 'Log out' does once pressed, loaded then (components/LogoutButton.tsx): the profile's first
 * screen carries only the button.
 */

/** The member's outbox even if the app has not loaded it yet (null without IndexedDB). */
export async function openOutbox(loaded: Outbox | null, userId: string): Promise<Outbox | null> {
  if (loaded) return loaded;
  if (typeof indexedDB === 'undefined') return null;
  const { createOutbox } = await import('../../offline/outbox');
  return createOutbox({ userId });
}

/** Records that have not reached the server: waiting to sync, being sent, or failed. */
export async function unsyncedCount(outbox: Outbox | null): Promise<number> {
  if (!outbox) return 0;
  try {
    const [waiting, failed] = await Promise.all([outbox.pendingCount(), outbox.failed()]);
    return waiting + failed.length;
  } catch {
    // The database cannot be read: nothing can be shown or discarded, so the logout goes ahead.
    return 0;
  }
}

/**
 * Logs out (docs/product.md section 4): the server ends the session; then the member's outbox records are
 * deleted when they agreed to discard them (`discard`), the service worker's cached API answers are
 * emptied, the cached data of this member is dropped (in memory and the persisted copy) and the app
 * goes to /auth/login (which leads to /auth). If the server cannot be reached the member stays
 * signed in, with their records, and is told so, since the session would otherwise stay valid.
 * Answers whether the member is logged out.
 */
export async function logOut({
  queryClient,
  navigate,
  discard,
}: {
  queryClient: QueryClient;
  navigate: (to: string, options: { replace: boolean }) => void;
  discard?: Outbox | null;
}): Promise<boolean> {
  try {
    await logout();
  } catch (error) {
    toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
  if (discard) {
    // The session is over either way: records that could not be deleted stay with this member
    // (they are only ever sent for them) rather than turning the logout into an error.
    await discard.discardAll().catch(() => 0);
    storage.remove(outboxQueuedKey(discard.userId));
  }
  // Before the next screen asks for anything, so no answer of this member can come from there.
  await clearMemberApiCaches().catch(() => {});
  forgetMember(queryClient);
  toast({ title: 'Logged out successfully', description: 'See you soon!' });
  navigate('/auth/login', { replace: true });
  return true;
}
