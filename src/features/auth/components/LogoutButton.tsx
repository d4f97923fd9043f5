import { lazy, Suspense, useState } from 'react';
import type { Outbox } from '../../../offline/outbox';
import { useOutbox } from '../../../offline/outbox-context';
import { outboxKnownEmpty } from '../../../offline/outbox-summary';
import { Button } from '../../../ui/Button';
import { useLogout } from '../api/logout';

// Asked only when changes wait; loaded then.
const LogoutConfirmDialog = lazy(() => import('./LogoutConfirmDialog').then((m) => ({ default: m.LogoutConfirmDialog })));

/** The member's outbox even if the app has not loaded it yet (null without IndexedDB). */
async function openOutbox(loaded: Outbox | null, userId: string): Promise<Outbox | null> {
  if (loaded) return loaded;
  if (typeof indexedDB === 'undefined') return null;
  const { createOutbox } = await import('../../../offline/outbox');
  return createOutbox({ userId });
}

/** Records that have not reached the server: waiting to sync, being sent, or failed. */
async function unsyncedCount(outbox: Outbox | null): Promise<number> {
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
 * 'Log out' (SPEC.md, profile footer). When the member's outbox still holds changes, a dialog says
 * how many and that logging out discards them; confirming logs out and deletes them, Cancel keeps
 * the session. Opening the outbox here also lets the sync engine deliver them while the member reads.
 */
export function LogoutButton({ userId }: { userId: string }) {
  const logout = useLogout();
  // With work waiting, the outbox opens now (its sync engine delivers while the member reads);
  // known empty, it waits until after the first screen, and a click opens it anyway.
  const loaded = useOutbox(outboxKnownEmpty(userId) ? 'after-first-screen' : 'now');
  const [checking, setChecking] = useState(false);
  const [unsynced, setUnsynced] = useState<{ count: number; outbox: Outbox } | null>(null);

  const onClick = async () => {
    setChecking(true);
    const outbox = await openOutbox(loaded, userId);
    const count = await unsyncedCount(outbox);
    setChecking(false);
    if (outbox && count > 0) setUnsynced({ count, outbox });
    else logout.mutate({});
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void onClick()} loading={checking || (logout.isPending && !unsynced)}>
        Log out
      </Button>
      {unsynced && (
        <Suspense fallback={null}>
          <LogoutConfirmDialog
          count={unsynced.count}
          loggingOut={logout.isPending}
          onCancel={() => setUnsynced(null)}
            onConfirm={() => logout.mutate({ discard: unsynced.outbox }, { onError: () => setUnsynced(null) })}
          />
        </Suspense>
      )}
    </>
  );
}
