import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { ConnectionNote } from '../../../contract/connection-notes';
import type { OutboxRecord } from '../db';
import { accepted, foldOverlay, type Mutation, type RecordOf } from './mutation';

/** The member's private note on a connection; '' removes it. */
export interface ConnectionNotePayload {
  /** The connection the note is about. */
  aboutUserId: string;
  note: string;
}

declare module '../db' {
  interface OutboxPayloads {
    'connection-note': ConnectionNotePayload;
  }
}

/** What a delivered note writes: the connection's cached profile (wired in by the app). */
export interface ConnectionNoteCache {
  profile(aboutUserId: string): QueryKey;
  writeNote(aboutUserId: string, note: string | null): void;
}

/** The note's queued state: the newest waiting note ('' removes it), and a refused one. */
export interface NoteOverlay {
  waiting: string | undefined;
  failed: RecordOf<'connection-note'> | undefined;
}

export const connectionNoteMutation: Mutation<'connection-note', ConnectionNoteCache, NoteOverlay> = {
  kind: 'connection-note',

  // Latest intent wins, as for a goal: a note still waiting is replaced, one being sent stays.
  queue: (queued, payload) => ({
    remove: queued.filter((r) => r.kind === 'connection-note' && r.payload.aboutUserId === payload.aboutUserId && r.state === 'pending'),
    payload,
  }),

  request: (record, send) =>
    send({
      method: 'PUT',
      path: apiPath('/users/:id/note', { id: record.payload.aboutUserId }),
      body: { note: record.payload.note },
      idempotencyKey: record.id,
    }),

  delivered: (record, answer, cache) => {
    if (!accepted(answer)) return null;
    const { aboutUserId } = record.payload;
    const note = (answer.body as Partial<ConnectionNote> | null)?.note ?? null;
    return { keys: [cache.profile(aboutUserId)], write: () => cache.writeNote(aboutUserId, note) };
  },

  overlay: (view, record) => {
    if (record.state === 'failed') view.failed = record;
    else {
      view.waiting = record.payload.note;
      view.failed = undefined;
    }
  },
};

/** The note records of one connection, folded. */
export const noteOverlayOf = (records: readonly OutboxRecord[] | null): NoteOverlay =>
  foldOverlay<NoteOverlay>(records ?? [], { waiting: undefined, failed: undefined }, { 'connection-note': connectionNoteMutation });
