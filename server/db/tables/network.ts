import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** The network's tables: swipes, connections, notes, interests, the feed, calendar feeds. */

export interface InteractionsTable {
  id: Generated<string>;
  from_user_id: string;
  to_user_id: string;
  event_id: string;
  type: 'POSITIVE' | 'NEGATIVE';
  created_at: Timestamp;
}

export interface ConnectionsTable {
  id: Generated<string>;
  user_a_id: string;
  user_b_id: string;
  event_id: string | null;
  created_at: Timestamp;
}

export interface ConnectionNotesTable {
  user_id: string;
  about_user_id: string;
  note: string;
  updated_at: Generated<Date>;
}

export interface ProfileInterestsTable {
  from_user_id: string;
  to_user_id: string;
  created_at: Timestamp;
}

export interface FeedActivitiesTable {
  id: Generated<string>;
  owner_user_id: string;
  subject_user_id: string;
  type: 'connection' | 'connection-attending-event';
  event_id: string | null;
  created_at: Timestamp;
}

/** A member's calendar feed secret (migration 0009, server/services/calendar/feed-secrets.ts). */
export interface CalendarFeedsTable {
  user_id: string;
  secret: string;
  created_at: Timestamp;
}
