import type { ColumnType, GeneratedAlways } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types';

/** Messages between connections (migration 0027, server/services/messages) and the event stream (migration 0028). */

export interface MessagesTable {
  /** Made on the sender's device. */
  id: string;
  sender_id: string;
  /** No foreign key: the sender's messages stay when the recipient deletes their account. */
  recipient_id: string;
  /** The pair in order: least and greatest of the two ids. */
  user_a_id: GeneratedAlways<string>;
  user_b_id: GeneratedAlways<string>;
  text: string;
  sent_at: Timestamp;
  /** bigint: the order the server stored them in. */
  seq: GeneratedAlways<string>;
  delivered_at: NullableTimestamp;
  read_at: NullableTimestamp;
  /** Read while the reader's read receipts were on. */
  read_shown: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MessageConversationsTable {
  user_id: string;
  other_id: string;
  last_at: Timestamp;
}

/** No row: read receipts on. */
export interface MessageSettingsTable {
  user_id: string;
  read_receipts: boolean;
  updated_at: Timestamp;
}

export interface StreamEventsTable {
  /** bigint (read as text or a number, by the driver): grows. */
  id: GeneratedAlways<string | number>;
  user_id: string;
  type: string;
  /** jsonb: written as JSON text, read as the object. */
  data: ColumnType<unknown, string, string>;
  skip_session: string | null;
  created_at: Timestamp;
}

/** One row: the last event id pruned. */
export interface StreamHorizonTable {
  id: number;
  pruned_through: ColumnType<string | number, number, number>;
}
