import type { ColumnType, Generated } from 'kysely';
import type { Label } from '../../../contract/events';
import type { NullableTimestamp, Timestamp } from './column-types';

/** The events' tables: events, their catalogue, who attends, and what ranking and the deck keep about them. */

export interface OrganizersTable {
  id: Generated<string>;
  name: string;
  image_url: string | null;
  description: string | null;
  external_url: string | null;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<string>;
  label: string;
}

export interface EventTypesTable {
  id: Generated<string>;
  label: string;
}

export type EventSourceType = 'PARTNER' | 'PRO' | 'SCRAPED' | 'USER_ADDED';

export interface EventsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  agenda: string | null;
  image_url: string | null;
  date_time: NullableTimestamp;
  end_date_time: NullableTimestamp;
  event_url: string | null;
  location: string | null;
  location_id: string | null;
  organizer_id: string | null;
  source_type: EventSourceType;
  is_pro_only: Generated<boolean>;
  /** IANA time zone (migration 0024), in which meeting times are offered; null: UTC. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  ai_generated_blurb: string | null;
  join_secret: string;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Kept by a trigger (migration 0003): lower-case name, organizer name and description text. */
  search_text: ColumnType<string, never, never>;
  /**
   * Kept by a trigger: coalesce(end_date_time, date_time) + 6 hours, 'infinity' without dates.
   * For queries only; never read into JavaScript (drivers turn 'infinity' into a number).
   */
  current_until: ColumnType<Date, never, never>;
  /** Generated (migration 0012): the English full-text vector of search_text, for the recommender. */
  search_vector: ColumnType<string, never, never>;
  /** Kept by triggers (migration 0019): the event's categories and event types, {id, label} by label. */
  category_labels: ColumnType<Label[], never, never>;
  event_type_labels: ColumnType<Label[], never, never>;
}

/** A member's recommendation ranking, kept a few minutes (migration 0015); only the order, as JSON. */
export interface RecommendationRankingsTable {
  user_id: string;
  /** 'member', or the event id of 'events like this one'. */
  scope: string;
  computed_at: Timestamp;
  ranking: ColumnType<unknown, string, string>;
}

/** Kept by triggers (migration 0012): how many events hold each lexeme, for inverse document frequency. */
export interface EventTermStatsTable {
  term: string;
  documents: number;
}

/** Kept by triggers (migration 0014): changes whenever an event's attendees or their profiles do (the deck's ranking corpus). */
export interface DeckVersionsTable {
  event_id: string;
  /** bigint: read as text. */
  version: ColumnType<string, never, never>;
}

/** Written by the triggers of deck_versions only. */
export interface DeckChangesTable {
  event_id: string;
  /** bigint: read as text. */
  version: ColumnType<string, never, never>;
  user_id: string;
  changed_at: ColumnType<Date, never, never>;
}

export interface EventCategoriesTable {
  event_id: string;
  category_id: string;
}

export interface EventEventTypesTable {
  event_id: string;
  event_type_id: string;
}

export interface EventAttendeesTable {
  event_id: string;
  user_id: string;
  goal: string | null;
  joined_at: Timestamp;
  /** Generated (migration 0022): the English full-text vector of goal, for the deck. */
  goal_vector: ColumnType<string, never, never>;
}
