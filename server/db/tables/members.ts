import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './column-types';

/** The members' tables: who they are, how they sign in, what they agreed to, and the limits on them. */

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
  /** Generated (migration 0022): the English full-text vectors of role and story, for the deck. */
  role_vector: ColumnType<string, never, never>;
  story_vector: ColumnType<string, never, never>;
  /** Generated (migration 0023): the member's fields in the connections list, as JSON object members. */
  contact_fields_json: ColumnType<string, never, never>;
  /** 'Not networking right now' (migration 0029): in no deck, and not to be asked to meet. */
  networking_paused: Generated<boolean>;
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
