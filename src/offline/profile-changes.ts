import type { ProfileTextChanges } from '../../contract/user';
import type { OutboxRecord } from './db';

type ProfileRecord = Extract<OutboxRecord, { kind: 'profile' }>;

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

/** What queued profile edits change in what the member sees, until the server has them. */
export interface ProfileOverlay {
  /** Every waiting edit merged in queue order; empty when nothing waits. */
  changes: ProfileTextChanges;
  waiting: boolean;
  /** The edit the server refused, if any (its lastError says why). */
  failed: ProfileRecord | undefined;
}

export function profileOverlayOf(records: readonly OutboxRecord[]): ProfileOverlay {
  let changes: ProfileTextChanges = {};
  let waiting = false;
  let failed: ProfileRecord | undefined;
  for (const record of [...records].sort((a, b) => a.createdAt - b.createdAt)) {
    if (record.kind !== 'profile') continue;
    if (record.state === 'failed') {
      failed = record;
      continue;
    }
    changes = mergeProfileChanges(changes, record.payload.changes);
    waiting = true;
  }
  return { changes, waiting, failed };
}

export const EMPTY_PROFILE_OVERLAY: ProfileOverlay = { changes: {}, waiting: false, failed: undefined };

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
