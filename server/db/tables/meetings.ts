import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types';

/** Meetings in person (migration 0024, server/services/meetings). */

export interface MeetingsTable {
  id: Generated<string>;
  event_id: string;
  /** Null once that member deleted their account (migration 0026): the other keeps the meeting, cancelled. */
  requester_id: ColumnType<string | null, string, string | null>;
  invitee_id: ColumnType<string | null, string, string | null>;
  state: 'requested' | 'accepted' | 'declined' | 'cancelled';
  starts_at: Timestamp;
  ends_at: Timestamp;
  place: string;
  message: string | null;
  awaiting_id: string | null;
  proposed_by: string | null;
  proposed_starts_at: Date | null;
  proposed_ends_at: Date | null;
  proposed_place: string | null;
  note: string | null;
  closed_by: string | null;
  sequence: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The time an accepted meeting holds for each of its two members; never two overlapping per member. */
export interface MeetingHoldsTable {
  meeting_id: string;
  user_id: string;
  /** A tstzrange, written as '[start,end)'. */
  during: ColumnType<string, string, string>;
}

export interface MeetingOutcomesTable {
  meeting_id: string;
  user_id: string;
  outcome: 'met' | 'missed';
  updated_at: Timestamp;
}

/** The times a member marked 'In a session' at an event (migration 0025); never two overlapping per member and event. */
export interface MeetingSessionsTable {
  user_id: string;
  event_id: string;
  /** A tstzrange, written as '[start,end)'. */
  during: ColumnType<string, string, string>;
}

/** A reminder 10 minutes before an accepted meeting, claimed for one member (migration 0026; the primary key is the claim). */
export interface MeetingRemindersTable {
  meeting_id: string;
  user_id: string;
  starts_at: Timestamp;
  claimed_at: Timestamp;
  sent_at: NullableTimestamp;
}
