import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { OutboxRecord } from '../../../offline/db';
import { undoSwipeMutation } from '../../../offline/mutations/undo-swipe';
import { useDemandOutbox, type OutboxStatus } from '../../../offline/outbox-context';
import { useEventOverlay } from '../../../offline/use-outbox-live';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { deckCandidates, useDeck, useInteractions } from '../api/queries';
import { interactionRows, peopleOf, type InteractionRow } from '../deck-view';
import { NO_OUTBOX_TEXT } from './SwipeDeck';

function RowList({ title, rows, onUndo }: { title: string; rows: InteractionRow[]; onUndo: (row: InteractionRow) => void }) {
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
              <Avatar id={row.toUser.id} firstName={row.toUser.firstName} lastName={row.toUser.lastName} imageUrl={row.toUser.imageUrl} />
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

/**
 * An Undo pressed in this visit, by the other person's id: hidden at once, before the outbox
 * answers. Once the undo is a record, the record decides: a refused undo shows the row again.
 */
type LocalUndo = { state: 'asked' } | { state: 'cancelled' } | { state: 'queued'; recordId: string };

function hiddenHere(row: InteractionRow, undone: ReadonlyMap<string, LocalUndo>, records: readonly OutboxRecord[]): boolean {
  const local = undone.get(row.toUser.id);
  if (!local) return false;
  if (local.state !== 'queued') return true;
  return records.find((r) => r.id === local.recordId)?.state !== 'failed';
}

/** 'Interested In (n)' and 'Passed (n)': the server's interactions overlaid with queued swipes and undos. */
export function InteractionsTab({ eventId, outboxStatus }: { eventId: string; outboxStatus: OutboxStatus }) {
  const outbox = outboxStatus.outbox;
  // The lists show queued swipes and undos: the outbox is wanted now, even where the deck left it
  // for after the first screen.
  const demandOutbox = useDemandOutbox();
  useEffect(() => demandOutbox(), [demandOutbox]);
  const interactions = useInteractions(eventId);
  const deck = useDeck(eventId);
  const { records, overlay, settled } = useEventOverlay(outboxStatus, eventId);
  const [undone, setUndone] = useState<ReadonlyMap<string, LocalUndo>>(() => new Map());

  const people = useMemo(() => peopleOf(deckCandidates(deck.data), interactions.data), [deck.data, interactions.data]);
  const rows = useMemo(
    () => interactionRows(interactions.data ?? [], overlay, people).filter((row) => !hiddenHere(row, undone, records)),
    [interactions.data, overlay, people, undone, records],
  );

  const undo = (row: InteractionRow) => {
    if (!outbox) {
      toast({ title: 'Error', description: NO_OUTBOX_TEXT, variant: 'destructive' });
      return;
    }
    const userId = row.toUser.id;
    const remember = (local: LocalUndo | null) =>
      setUndone((prev) => {
        const next = new Map(prev);
        if (local) next.set(userId, local);
        else next.delete(userId);
        return next;
      });
    remember({ state: 'asked' });
    const input = row.interactionId ? { eventId, interactionId: row.interactionId, toUserId: userId } : { eventId, toUserId: userId };
    outbox
      .enqueue(undoSwipeMutation, input)
      .then((record) => remember(record ? { state: 'queued', recordId: record.id } : { state: 'cancelled' }))
      .catch((error: unknown) => {
        remember(null);
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      });
  };

  if (interactions.isError && interactions.data === undefined) return <p role="alert">{errorMessage(interactions.error)}</p>;
  if (interactions.data === undefined || !settled) return <Spinner />;
  return (
    <div className="interactions">
      <RowList title="Interested In" rows={rows.filter((r) => r.type === 'POSITIVE')} onUndo={undo} />
      <RowList title="Passed" rows={rows.filter((r) => r.type === 'NEGATIVE')} onUndo={undo} />
    </div>
  );
}
