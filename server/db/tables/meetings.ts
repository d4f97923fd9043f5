import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** Meetings in person (migration 0024, server/services/meetings). */

export interface MeetingsTable {
  id: Generated<string>;
  event_id: string;
  requester_id: string;
  invitee_id: string;
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
