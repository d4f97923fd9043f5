import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import type { ConnectionProfile } from '../../../../contract/profiles';
import { errorMessage } from '../../../lib/api-client';
import { countText, isOverLimit } from '../../../lib/text-limit';
import type { OutboxRecord } from '../../../offline/db';
import { connectionNoteMutation, noteOverlayOf } from '../../../offline/mutations/connection-note';
import type { Outbox } from '../../../offline/outbox';
import { useDemandOutbox, useOutboxStatus } from '../../../offline/outbox-context';
import { outboxKnownEmpty } from '../../../offline/outbox-summary';
import { useOutboxRecords } from '../../../offline/use-outbox-records';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FieldCount } from '../../../ui/FieldCount';
import { PencilIcon } from '../../../ui/icons';
import { toast } from '../../../ui/toast-store';
import { connectionsKeys } from '../api/keys';
import { saveConnectionNote } from '../api/save-note';

const WAITING_TEXT = 'Saved on this device, waiting to sync.';
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The member's private note on a connection (docs/product.md section 13): seen by nobody else,
 * edited in place, saved through the outbox (it waits offline and lands once); without IndexedDB
 * it is sent directly.
 */
export function ConnectionNoteCard({ connection, memberId }: { connection: ConnectionProfile; memberId: string }) {
  const titleId = useId();
  const countId = useId();
  const queryClient = useQueryClient();
  const [knownEmpty] = useState(() => outboxKnownEmpty(memberId));
  const status = useOutboxStatus(knownEmpty ? 'after-first-screen' : 'now');
  const demandOutbox = useDemandOutbox();
  const subscribe = useCallback(
    (outbox: Outbox, listener: (records: OutboxRecord[]) => void) =>
      outbox.subscribeRecords('connection-note', listener, (r) => r.payload.aboutUserId === connection.id),
    [connection.id],
  );
  const records = useOutboxRecords(status.outbox, subscribe);
  const overlay = useMemo(() => noteOverlayOf(records), [records]);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const note = overlay.waiting !== undefined ? overlay.waiting || null : connection.note;
  const count = countText(draft, 'note');
  const settled = status.state === 'unavailable' || records !== null || knownEmpty;

  const setCachedNote = (value: string | null) =>
    queryClient.setQueryData<ConnectionProfile>(connectionsKeys.profile(connection.id), (profile) => (profile ? { ...profile, note: value } : profile));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    let text = draft.trim();
    try {
      const { checkNote } = await import('../note-check');
      const checked = checkNote(draft);
      if (!checked.ok) {
        toast(checked.toast);
        return;
      }
      text = checked.note;
    } catch {
      // The check could not load (offline before the service worker held it): the server checks.
    }
    if (status.outbox) {
      const before = connection.note;
      setCachedNote(text || null);
      setEditing(false);
      try {
        await status.outbox.enqueue(connectionNoteMutation, { aboutUserId: connection.id, note: text });
        toast({ title: 'Note saved' });
      } catch {
        setCachedNote(before);
        setEditing(true);
        toast({ title: 'Error', description: 'Failed to save the note. Please try again.', variant: 'destructive' });
      }
      return;
    }
    setSending(true);
    try {
      setCachedNote((await saveConnectionNote(connection.id, text)).note);
      setEditing(false);
      toast({ title: 'Note saved' });
    } catch (error) {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="connection-note" role="region" aria-labelledby={titleId}>
      <div className="profile-section-head">
        <h2 id={titleId} className="public-profile-section-title">
          Private note
        </h2>
        {!editing && (
          <Button
            variant="ghost"
            size="sm"
            aria-label="Edit private note"
            disabled={!settled}
            onClick={() => {
              demandOutbox();
              setDraft(note ?? '');
              setEditing(true);
            }}
          >
            <PencilIcon width="16" height="16" />
            Edit
          </Button>
        )}
      </div>
      {editing ? (
        <form className="connection-note-form" onSubmit={(event) => void save(event)} noValidate>
          <textarea
            className="input input--area"
            aria-labelledby={titleId}
            aria-describedby={isOverLimit(count) ? countId : undefined}
            aria-invalid={isOverLimit(count) || undefined}
            placeholder="Where you met, what you talked about, what to follow up"
            value={draft}
            rows={4}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
          />
          <div className="profile-section-actions">
            <FieldCount id={countId} count={count} />
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={isOverLimit(count)} loading={sending || status.state === 'loading'}>
              Save
            </Button>
          </div>
        </form>
      ) : note ? (
        <p className="connection-note-text">{note}</p>
      ) : (
        <p className="connection-note-text profile-empty">Only you see this. Note where you met or what to follow up.</p>
      )}
      {overlay.failed ? (
        <div className="profile-sync profile-sync--failed" role="alert">
          <p>Your note was not saved. {sentence(overlay.failed.lastError ?? 'The server refused it.')}</p>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              const id = overlay.failed?.id;
              if (id) void status.outbox?.discard(id).then(() => queryClient.invalidateQueries({ queryKey: connectionsKeys.profile(connection.id) }));
            }}
          >
            Discard
          </Button>
        </div>
      ) : (
        overlay.waiting !== undefined && (
          <p className="profile-sync" role="status">
            {WAITING_TEXT}
          </p>
        )
      )}
    </Card>
  );
}
