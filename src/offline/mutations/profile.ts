import type { ProfileTextChanges } from '../../../contract/user';
import type { OutboxRecord } from '../db';
import { foldOverlay, type RecordOf } from './mutation';

/*
 * The profile edits' payload and overlay, which the profile's first screen carries; their
 * queueing, request and answer (profile-mutation.ts) load only when the member saves or the sync
 * engine runs.
 */

/** Text edits of the member's own profile (name, About, contact): one record holds them all. */
export interface ProfilePayload {
  changes: ProfileTextChanges;
}

declare module '../db' {
  interface OutboxPayloads {
    profile: ProfilePayload;
  }
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

/** Folds one profile record into the overlay (profileMutation's `overlay`). */
export function foldProfileEdit(view: ProfileOverlay, record: RecordOf<'profile'>): void {
  if (record.state === 'failed') {
    view.failed = record;
    return;
  }
  view.changes = mergeProfileChanges(view.changes, record.payload.changes);
  view.waiting = true;
}

export const EMPTY_PROFILE_OVERLAY: ProfileOverlay = { changes: {}, waiting: false, failed: undefined };

export const profileOverlayOf = (records: readonly OutboxRecord[]): ProfileOverlay =>
  foldOverlay<ProfileOverlay>(records, { ...EMPTY_PROFILE_OVERLAY }, { profile: { overlay: foldProfileEdit } });

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
