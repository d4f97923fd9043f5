import type { Insertable, Selectable, Updateable } from 'kysely';
import type { MessageConversationsTable, MessageSettingsTable, MessagesTable, StreamEventsTable, StreamHorizonTable } from './tables/messages';
import type { BlocksTable, ReportsTable } from './tables/safety';
import type { MeetingHoldsTable, MeetingOutcomesTable, MeetingRemindersTable, MeetingSessionsTable, MeetingsTable } from './tables/meetings';
import type { LocationsTable, UsersTable, SessionsTable, PinCodesTable, RateLimitHitsTable, WriteQuotasTable, ConsentsTable } from './tables/members';
import type {
  OrganizersTable,
  CategoriesTable,
  EventTypesTable,
  EventsTable,
  RecommendationRankingsTable,
  EventTermStatsTable,
  DeckVersionsTable,
  DeckChangesTable,
  EventCategoriesTable,
  EventEventTypesTable,
  EventAttendeesTable,
} from './tables/events';
import type {
  InteractionsTable,
  ConnectionsTable,
  ConnectionNotesTable,
  ProfileInterestsTable,
  FeedActivitiesTable,
  CalendarFeedsTable,
} from './tables/network';
import type {
  IdempotencyRecordsTable,
  MediaTable,
  SubscriptionsTable,
  StripeEventsTable,
  ChatsTable,
  ChatMessagesTable,
  PushKeysTable,
  PushSubscriptionsTable,
  PushSettingsTable,
  PushRemindersTable,
  PromotionsTable,
} from './tables/platform';

/** Kysely's view of the tables created in migrations/ (their columns in tables/). Keep the two in step. */
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
  meetings: MeetingsTable;
  meeting_holds: MeetingHoldsTable;
  meeting_outcomes: MeetingOutcomesTable;
  meeting_reminders: MeetingRemindersTable;
  meeting_sessions: MeetingSessionsTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  messages: MessagesTable;
  message_conversations: MessageConversationsTable;
  message_settings: MessageSettingsTable;
  stream_events: StreamEventsTable;
  stream_horizon: StreamHorizonTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type ConsentRow = Selectable<ConsentsTable>;
