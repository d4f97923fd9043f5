import type { QueryKey } from '@tanstack/react-query';
import type { OutboxKind, OutboxRecord } from '../db';
import type { SendFn, SendResponse } from '../send';
import { connectMutation } from './connect';
import { connectionNoteMutation } from './connection-note';
import { goalMutation } from './goal';
import { leaveEventMutation } from './leave-event';
import { meetingAcceptMutation } from './meeting-accept';
import { meetingCancelMutation } from './meeting-cancel';
import { meetingDeclineMutation } from './meeting-decline';
import { meetingOutcomeMutation } from './meeting-outcome';
import { meetingProposeMutation } from './meeting-propose';
import { meetingRequestMutation } from './meeting-request';
import { messageSendMutation } from './message-send';
import type { Answer, CacheChange, Mutation } from './mutation';
import { profileMutation } from './profile-mutation';
import { swipeMutation } from './swipe';
import { undoSwipeMutation } from './undo-swipe';

/*
 * Every outbox kind, registered once: the sync engine sends through it, the app writes answers
 * into the cache through it, and the mutations' contract test runs every kind listed here.
 */
export const mutations = {
  swipe: swipeMutation,
  'undo-swipe': undoSwipeMutation,
  goal: goalMutation,
  profile: profileMutation,
  'connection-note': connectionNoteMutation,
  connect: connectMutation,
  'leave-event': leaveEventMutation,
  'meeting-request': meetingRequestMutation,
  'meeting-accept': meetingAcceptMutation,
  'meeting-decline': meetingDeclineMutation,
  'meeting-propose': meetingProposeMutation,
  'meeting-cancel': meetingCancelMutation,
  'meeting-outcome': meetingOutcomeMutation,
  'message-send': messageSendMutation,
} satisfies { [K in OutboxKind]: Mutation<K, never, never, boolean> };

/** What each kind's cache effect needs from the features: the app wires it in. */
export type MutationCaches = { [K in OutboxKind]: Parameters<(typeof mutations)[K]['delivered']>[2] };

type AnyMutation = Mutation<OutboxKind, unknown, unknown, boolean> & {
  request(record: OutboxRecord, send: SendFn): Promise<SendResponse>;
  delivered(record: OutboxRecord, answer: Answer, cache: unknown): CacheChange | null;
  refused?(record: OutboxRecord, cache: unknown): QueryKey[];
};

const mutationOf = (record: OutboxRecord) => mutations[record.kind] as unknown as AnyMutation;

/** Sends one record's request(s). */
export const deliverRecord = (send: SendFn, record: OutboxRecord): Promise<SendResponse> => mutationOf(record).request(record, send);

/** What one answer to a record changes in the query cache. */
export const cacheChangeOf = (record: OutboxRecord, answer: Answer, caches: MutationCaches): CacheChange | null =>
  mutationOf(record).delivered(record, answer, caches[record.kind]);

/** What a refusal of the record asks for, once it is marked refused: the queries read again, and whether it goes. */
export function refusalOf(record: OutboxRecord, caches: MutationCaches): { readAgain: QueryKey[]; discard: boolean } {
  const mutation = mutationOf(record);
  return { readAgain: mutation.refused?.(record, caches[record.kind]) ?? [], discard: mutation.discardWhenRefused === true };
}
