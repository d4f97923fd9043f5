import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ChatMessageMetadata, ChatRole, JourneyType } from '../../contract/chat';
import type { Label } from '../../contract/events';

/** Kysely's view of the tables created in migrations/. Keep the two in step. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface LocationsTable {
  id: Generated<string>;
  name: string;
  country: string;
  region: string | null;
  is_custom: Generated<boolean>;
  created_by_user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated (migration 0005): lower-case name and region joined by U+001F, for the search. */
  search_text: ColumnType<string, never, never>;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  image_url: string | null;
  role: string | null;
  story: string | null;
  location: string | null;
  location_id: string | null;
  linkedin_url: string | null;
  phone: string | null;
  share_secret: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export type PinPurpose = 'signup' | 'login';

export interface PinCodesTable {
  id: Generated<string>;
  email: string;
  purpose: PinPurpose;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface RateLimitHitsTable {
  bucket: string;
  created_at: Timestamp;
}

export interface WriteQuotasTable {
  bucket: string;
  window_ends_at: Timestamp;
  hits: number;
}

export interface ConsentsTable {
  id: Generated<string>;
  user_id: string;
  type: string;
  ai_enabled: boolean | null;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
}

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
}

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

export interface IdempotencyRecordsTable {
  user_id: string;
  key: string;
  request_hash: string;
  status: number | null;
  body: string | null;
  created_at: Timestamp;
}

/** A rendition of a member's profile photo (migration 0004, server/services/profiles/profile-photos.ts). */
export interface MediaTable {
  hash: string;
  variant: string;
  owner_user_id: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: Timestamp;
}

export interface SubscriptionsTable {
  user_id: string;
  status: 'PRO' | 'FREE' | 'PAST_DUE' | 'TRIALING';
  plan_name: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: NullableTimestamp;
  ends_at: NullableTimestamp;
  /** When the payment first failed, for the PAST_DUE grace period (migration 0010). */
  past_due_since: NullableTimestamp;
  updated_at: Timestamp;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Generated<Date>;
}

/** The assistant's chats (migration 0013; contract/chat.ts). */
export interface ChatsTable {
  id: Generated<string>;
  user_id: string;
  journey_type: JourneyType;
  event_id: string | null;
  title: string;
  selected_event_id: string | null;
  message_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<string>;
  chat_id: string;
  /** The message's number in its chat, from 0. */
  seq: number;
  role: ChatRole;
  content: string;
  /** jsonb: written as JSON text, read as the object. */
  metadata: ColumnType<ChatMessageMetadata, string | undefined, string>;
  /** Set when the message's page moved to the archive (1 = oldest). */
  archived_page: number | null;
  created_at: Timestamp;
}

/** Web Push (migration 0016): the stored VAPID pair when none is configured; one row, id 1. */
export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  session_id_hash: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  last_success_at: NullableTimestamp;
}

/** No row: every kind on. */
export interface PushSettingsTable {
  user_id: string;
  new_connection: Generated<boolean>;
  event_reminder: Generated<boolean>;
  updated_at: Timestamp;
}

/** An event reminder claimed for one member (the primary key is the claim); sent_at once sent. */
export interface PushRemindersTable {
  event_id: string;
  user_id: string;
  starts_at: Timestamp;
  claimed_at: Timestamp;
  sent_at: NullableTimestamp;
}

/** A promotional page /week/{slug} (migration 0017): the fixed event it promotes and its week. */
export interface PromotionsTable {
  slug: string;
  event_id: string;
  title: string;
  description: string;
  image_url: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: Generated<Date>;
}

export interface Database {
  locations: LocationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  pin_codes: PinCodesTable;
  rate_limit_hits: RateLimitHitsTable;
  write_quotas: WriteQuotasTable;
  consents: ConsentsTable;
  organizers: OrganizersTable;
  categories: CategoriesTable;
  event_types: EventTypesTable;
  events: EventsTable;
  event_term_stats: EventTermStatsTable;
  recommendation_rankings: RecommendationRankingsTable;
  event_categories: EventCategoriesTable;
  deck_versions: DeckVersionsTable;
  deck_changes: DeckChangesTable;
  event_event_types: EventEventTypesTable;
  event_attendees: EventAttendeesTable;
  interactions: InteractionsTable;
  connections: ConnectionsTable;
  feed_activities: FeedActivitiesTable;
  profile_interests: ProfileInterestsTable;
  connection_notes: ConnectionNotesTable;
  calendar_feeds: CalendarFeedsTable;
  idempotency_records: IdempotencyRecordsTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  media: MediaTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
  push_reminders: PushRemindersTable;
  promotions: PromotionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type ConsentRow = Selectable<ConsentsTable>;
