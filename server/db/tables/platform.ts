import type { ColumnType, Generated } from 'kysely';
import type { ChatMessageMetadata, ChatRole, JourneyType } from '../../../contract/chat';
import type { NullableTimestamp, Timestamp } from './column-types';

/** What the platform keeps: replayed writes, uploads, payments, the assistant's chats, push, promotions. */

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
  /** The 'Meetings' switch (migration 0026). */
  meetings: Generated<boolean>;
  /** The 'Messages' switch (migration 0027). */
  messages: Generated<boolean>;
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
