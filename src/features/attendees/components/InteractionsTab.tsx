import { useMemo, useState } from 'react';
import type { InteractionType, InteractionUser } from '../../../../contract/attendees';
import { errorMessage } from '../../../lib/api-client';
import type { Outbox } from '../../../offline/outbox';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useDeck, useInteractions } from '../api/queries';
import { usePendingSwipes } from '../use-outbox-state';

interface Row {
  key: string;
  type: InteractionType;
  toUser: InteractionUser;
  /** The server's interaction id; absent for a swipe still queued. */
  interactionId?: string;
}

function RowList({ title, rows, onUndo }: { title: string; rows: Row[]; onUndo: (row: Row) => void }) {
  return (
    <section className="interaction-section" aria-label={title}>
      <h2 className="interaction-title">
        {title} ({rows.length})
      </h2>
      <ul className="interaction-list">
        {rows.map((row) => {
          const name = `${row.toUser.firstName} ${row.toUser.lastName}`.trim();
          return (
            <li key={row.key} className="interaction-row">
              {row.toUser.imageUrl ? (
                <img className="interaction-photo" src={row.toUser.imageUrl} alt="" width={40} height={40} />
              ) : (
                <span className="interaction-photo interaction-photo--empty" aria-hidden="true" />
              )}
              <span className="interaction-name">{name}</span>
              <Button variant="ghost" size="sm" aria-label={`Undo ${name}`} onClick={() => onUndo(row)}>
                Undo
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'Interested In (n)' and 'Passed (n)': the server's interactions overlaid with queued swipes and undos. */
export function InteractionsTab({ eventId, outbox }: { eventId: string; outbox: Outbox | null }) {
  const interactions = useInteractions(eventId);
  const deck = useDeck(eventId);
  const pending = usePendingSwipes(outbox, eventId);
  // Undone in this visit: hidden at once (the undo itself waits in the outbox).
  const [undone, setUndone] = useState<ReadonlySet<string>>(() => new Set());

  const rows = useMemo(() => {
    const result: Row[] = [];
    const seen = new Set<string>();
    for (const item of interactions.data ?? []) {
      if (item.type === 'POSITIVE' && item.connected) {
        seen.add(item.toUser.id);
        continue;
      }
      seen.add(item.toUser.id);
      result.push({ key: item.id, type: item.type, toUser: item.toUser, interactionId: item.id });
    }
    const candidates = new Map((deck.data?.attendees ?? []).map((c) => [c.id, c]));
    for (const record of pending ?? []) {
      if (record.kind !== 'swipe' || seen.has(record.payload.toUserId)) continue;
      const candidate = candidates.get(record.payload.toUserId);
      seen.add(record.payload.toUserId);
      result.push({
        key: record.id,
        type: record.payload.direction === 'right' ? 'POSITIVE' : 'NEGATIVE',
        toUser: candidate
          ? { id: candidate.id, firstName: candidate.firstName, lastName: candidate.lastName, imageUrl: candidate.imageUrl }
          : { id: record.payload.toUserId, firstName: 'Attendee', lastName: '', imageUrl: null },
      });
    }
    return result.filter((row) => !undone.has(row.toUser.id));
  }, [interactions.data, deck.data, pending, undone]);

  const undo = (row: Row) => {
    if (!outbox) return;
    setUndone((prev) => new Set(prev).add(row.toUser.id));
    const input = row.interactionId ? { eventId, interactionId: row.interactionId, toUserId: row.toUser.id } : { eventId, toUserId: row.toUser.id };
    outbox.enqueueUndo(input).catch((error: unknown) => {
      setUndone((prev) => {
        const next = new Set(prev);
        next.delete(row.toUser.id);
        return next;
      });
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    });
  };

  if (interactions.isError && interactions.data === undefined) return <p role="alert">{errorMessage(interactions.error)}</p>;
  if (interactions.data === undefined || pending === null) return <Spinner />;
  return (
    <div className="interactions">
      <RowList title="Interested In" rows={rows.filter((r) => r.type === 'POSITIVE')} onUndo={undo} />
      <RowList title="Passed" rows={rows.filter((r) => r.type === 'NEGATIVE')} onUndo={undo} />
    </div>
  );
}
