import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { Me, ProfileTextChanges } from '../../../contract/user';
import type { OutboxRecord } from '../db';
import { accepted, foldOverlay, type Mutation, type RecordOf } from './mutation';

/** Text edits of the member's own profile (name, About, contact): one record holds them all. */
export interface ProfilePayload {
  changes: ProfileTextChanges;
}

declare module '../db' {
  interface OutboxPayloads {
    profile: ProfilePayload;
  }
}

/** What a delivered profile edit writes: the member's own query (wired in by the app). */
export interface ProfileCache {
  me(): QueryKey;
  writeMe(me: Me): void;
}

/** What queued profile edits change in what the member sees, until the server has them. */
export interface ProfileOverlay {
  /** Every waiting edit merged in queue order; empty when nothing waits. */
  changes: ProfileTextChanges;
  waiting: boolean;
  /** The edit the server refused, if any (its lastError says why). */
  failed: RecordOf<'profile'> | undefined;
}

/**
 * Two edits of the profile as one: the newer value of each field wins. The location is one choice
 * made of two fields (a picked location's id and its text, or free text without an id), so a newer
 * location replaces both, never leaving an older id beside newer text.
 */
export function mergeProfileChanges(older: ProfileTextChanges, newer: ProfileTextChanges): ProfileTextChanges {
  const base = { ...older };
  if ('location' in newer || 'locationId' in newer) {
    delete base.location;
    delete base.locationId;
  }
  return { ...base, ...newer };
}

export const profileMutation: Mutation<'profile', ProfileCache, ProfileOverlay> = {
  kind: 'profile',

  request: (record, send) => send({ method: 'PATCH', path: apiPath('/users/me'), body: record.payload.changes, idempotencyKey: record.id }),

  // The answer is the member as the server now has them; edits still queued overlay it.
  delivered: (_record, answer, cache) => {
    const me = accepted(answer) ? (answer.body as Me | null) : null;
    return me?.id ? { keys: [cache.me()], write: () => cache.writeMe(me) } : null;
  },

  overlay: (view, record) => {
    if (record.state === 'failed') {
      view.failed = record;
      return;
    }
    view.changes = mergeProfileChanges(view.changes, record.payload.changes);
    view.waiting = true;
  },
};

export const EMPTY_PROFILE_OVERLAY: ProfileOverlay = { changes: {}, waiting: false, failed: undefined };

export const profileOverlayOf = (records: readonly OutboxRecord[]): ProfileOverlay =>
  foldOverlay<ProfileOverlay>(records, { ...EMPTY_PROFILE_OVERLAY }, { profile: profileMutation });

/** The member as they will be once the queued edits land ('' is a cleared field). */
export function withProfileChanges<T extends object>(me: T, changes: ProfileTextChanges): T {
  const next = { ...me } as Record<string, unknown>;
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    // A required name is never '' (the check refuses it), an optional field '' is cleared.
    next[field] = value === '' && field !== 'firstName' && field !== 'lastName' ? null : value;
  }
  return next as T;
}
