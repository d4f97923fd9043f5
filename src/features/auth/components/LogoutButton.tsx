import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../../lib/api-client';
import type { Outbox } from '../../../offline/outbox';
import { useOutbox } from '../../../offline/outbox-context';
import { outboxKnownEmpty } from '../../../offline/outbox-summary';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-store';

// Asked only when changes wait; loaded then, as is the logout itself (logout-flow.ts).
const LogoutConfirmDialog = lazy(() => import('./LogoutConfirmDialog').then((m) => ({ default: m.LogoutConfirmDialog })));
const loadFlow = () => import('../logout-flow');

/**
 * 'Log out' (docs/product.md, profile footer). When the member's outbox still holds changes, a dialog says
 * how many and that logging out discards them; confirming logs out and deletes them, Cancel keeps
 * the session. Opening the outbox here also lets the sync engine deliver them while the member reads.
 */
export function LogoutButton({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  // With work waiting, the outbox opens now (its sync engine delivers while the member reads);
  // known empty, it waits until after the first screen, and a click opens it anyway.
  const loaded = useOutbox(outboxKnownEmpty(userId) ? 'after-first-screen' : 'now');
  const [busy, setBusy] = useState<'checking' | 'logging-out' | null>(null);
  const [unsynced, setUnsynced] = useState<{ count: number; outbox: Outbox } | null>(null);

  const logOut = async (discard?: Outbox) => {
    setBusy('logging-out');
    try {
      const { logOut: run } = await loadFlow();
      if (!(await run({ queryClient, navigate, discard }))) setUnsynced(null);
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const onClick = async () => {
    setBusy('checking');
    try {
      const flow = await loadFlow();
      const outbox = await flow.openOutbox(loaded, userId);
      const count = await flow.unsyncedCount(outbox);
      if (outbox && count > 0) {
        setUnsynced({ count, outbox });
        setBusy(null);
        return;
      }
    } catch (error) {
      setBusy(null);
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    await logOut();
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void onClick()} loading={busy === 'checking' || (busy === 'logging-out' && !unsynced)}>
        Log out
      </Button>
      {unsynced && (
        <Suspense fallback={null}>
          <LogoutConfirmDialog
            count={unsynced.count}
            loggingOut={busy === 'logging-out'}
            onCancel={() => setUnsynced(null)}
            onConfirm={() => void logOut(unsynced.outbox)}
          />
        </Suspense>
      )}
    </>
  );
}
