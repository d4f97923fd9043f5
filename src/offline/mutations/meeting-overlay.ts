import type { QueryKey } from '@tanstack/react-query';
import type { Meeting } from '../../../contract/meetings';
import type { OutboxKind, OutboxRecord } from '../db';
import { accepted, foldOverlay, waiting, type Answer, type CacheChange, type OverlayKinds, type RecordOf } from './mutation';

/**
 * What the meeting kinds share (docs/architecture.md, "Writes that must survive the venue"): each
 * action is its own module (meeting-accept.ts ...), and all of them answer the meeting as the
 * server now has it, fold into one view, and word a refusal the same way.
 */

/** Every meeting write carries its meeting's event (the event's screens overlay it) and when the member acted. */
export interface MeetingActionPayload {
  meetingId: string;
  eventId: string;
  /** ISO time of the tap; the server dates the change by it when it arrives late. */
  actedAt: string;
}

/** What a delivered meeting write changes (wired in by the app from the meetings feature). */
export interface MeetingCache {
  /** The queries that hold the event's and the member's meetings. */
  keys(eventId: string): QueryKey[];
  /** Writes the meeting as the server answered it into them. */
  writeMeeting(meeting: Meeting): void;
  /** Tells the member, in words, what the server refused and why. */
  refused(text: string): void;
}

export type MeetingActionKind = 'meeting-accept' | 'meeting-decline' | 'meeting-propose' | 'meeting-cancel' | 'meeting-outcome';
export type MeetingActionRecord = RecordOf<MeetingActionKind>;

/** A queued action as a screen shows it: the record, and the meeting as it will be once delivered. */
export interface ShownAction {
  record: MeetingActionRecord;
  show(meeting: Meeting): Meeting;
}

/** The member's meeting writes not yet taken by the server. */
export interface MeetingsOverlay {
  /** Requests waiting to be sent or refused, oldest first. */
  requests: RecordOf<'meeting-request'>[];
  /** Actions by meeting id: those waiting, in order, and the last refused one. */
  actions: Map<string, { waiting: ShownAction[]; failed: MeetingActionRecord | undefined }>;
}

export const emptyMeetingsOverlay = (): MeetingsOverlay => ({ requests: [], actions: new Map() });

/** Folds one action record into the view: waiting ones stack in order, a refused one is remembered. */
export function overlayAction(view: MeetingsOverlay, record: MeetingActionRecord, show: (meeting: Meeting) => Meeting): void {
  const entry = view.actions.get(record.payload.meetingId) ?? { waiting: [], failed: undefined };
  if (waiting(record)) entry.waiting.push({ record, show });
  else entry.failed = record;
  view.actions.set(record.payload.meetingId, entry);
}

/** The answer of a meeting write: the meeting as the server has it now, written where it shows. */
export function deliveredMeeting(record: { payload: { eventId: string } }, answer: Answer, cache: MeetingCache, verb: string): CacheChange | null {
  if (accepted(answer)) {
    const meeting = answer.body as Meeting | null;
    if (!meeting || typeof meeting.id !== 'string') return { keys: cache.keys(record.payload.eventId), write: () => {}, readAgain: true };
    // Read again too: a list that could not be read while offline has nothing to write into, and
    // would otherwise lose the meeting from the screen once the record leaves the outbox.
    return { keys: cache.keys(record.payload.eventId), write: () => cache.writeMeeting(meeting), readAgain: true };
  }
  if (answer.outcome === 'fail') cache.refused(refusalText(verb, (answer.body as { error?: unknown } | null)?.error));
  return null;
}

/** The meetings are read again under a refusal: the card shows the server's state and why. */
export const readMeetingsAgain = (record: { payload: { eventId: string } }, cache: MeetingCache): QueryKey[] => cache.keys(record.payload.eventId);

/** What the member did, as a refusal names it ('Could not accept: ...'). */
export const ACTION_VERBS: Record<MeetingActionKind, string> = {
  'meeting-accept': 'accept',
  'meeting-decline': 'decline',
  'meeting-propose': 'propose the new time',
  'meeting-cancel': 'cancel',
  'meeting-outcome': 'save how it went',
};
export const requestVerb = (invitee: { firstName: string }) => `ask ${invitee.firstName}`;

/** 'Could not accept: you already have a meeting at 14:30 with Ada', from the server's reason. */
export function refusalText(verb: string, reason: unknown): string {
  if (typeof reason !== 'string' || reason === '') return `Could not ${verb}: the server refused it`;
  // The server's sentences begin with a capital; a name keeps it, a pronoun or article does not.
  const sentence = /^(You|Your|This|The|Choose|A|At|Only)\b/.test(reason) ? reason[0]!.toLowerCase() + reason.slice(1) : reason;
  return `Could not ${verb}: ${sentence}`;
}

/** Every meeting kind, for folding the member's records into one view (registered in registry.ts). */
export type MeetingKinds = OverlayKinds<MeetingsOverlay>;

/** The meeting records among the member's records, folded. */
export const meetingsOverlayOf = (records: readonly OutboxRecord[] | null, kinds: MeetingKinds): MeetingsOverlay =>
  foldOverlay<MeetingsOverlay>(records ?? [], emptyMeetingsOverlay(), kinds);

export const MEETING_KINDS = [
  'meeting-request',
  'meeting-accept',
  'meeting-decline',
  'meeting-propose',
  'meeting-cancel',
  'meeting-outcome',
] as const satisfies OutboxKind[];
