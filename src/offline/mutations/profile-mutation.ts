import type { QueryKey } from '@tanstack/react-query';
import { apiPath } from '../../../contract/api-routes';
import type { Me } from '../../../contract/user';
import { accepted, type Mutation, type RecordOf } from './mutation';
import { foldProfileEdit, mergeProfileChanges, type ProfileOverlay } from './profile';

/** What a delivered profile edit writes: the member's own query (wired in by the app). */
export interface ProfileCache {
  me(): QueryKey;
  writeMe(me: Me): void;
}

/**
 * The member's profile text edits; their payload and overlay are in profile.ts, which the profile's
 * first screen carries without this (docs/architecture.md, "Budgets every change keeps").
 */
export const profileMutation: Mutation<'profile', ProfileCache, ProfileOverlay> = {
  kind: 'profile',

  /**
   * One record per member: the edit merges into the ones still waiting (the newest value of each
   * field wins) under a new id, since the server may already hold a waiting one's key with its
   * first answer. One being sent stays, and this follows it; a refused one is not merged: it stays
   * shown as refused until discarded or retried.
   */
  queue: (queued, { changes }) => {
    const merged = queued.filter((r): r is RecordOf<'profile'> => r.kind === 'profile' && r.state === 'pending');
    return { remove: merged, payload: { changes: [...merged.map((r) => r.payload.changes), changes].reduce(mergeProfileChanges, {}) } };
  },

  request: (record, send) => send({ method: 'PATCH', path: apiPath('/users/me'), body: record.payload.changes, idempotencyKey: record.id }),

  // The answer is the member as the server now has them; edits still queued overlay it.
  delivered: (_record, answer, cache) => {
    const me = accepted(answer) ? (answer.body as Me | null) : null;
    return me?.id ? { keys: [cache.me()], write: () => cache.writeMe(me) } : null;
  },

  overlay: foldProfileEdit,

  // The member's cached answer holds the refused edit (written at once on Save): the server's is
  // read again, and the edit shows as refused over it.
  refused: (_record, cache) => [cache.me()],
};
