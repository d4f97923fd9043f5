import { sql, type Kysely } from 'kysely';

/**
 * The whole schema of docs/product.md section 3 as far as it is known now, so later issues add columns
 * rather than reshape tables. Ids are UUIDs; times are timestamptz; e-mail is stored lower-case.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('locations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('is_custom', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by_user_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('role', 'text')
    .addColumn('story', 'text')
    .addColumn('location', 'text')
    .addColumn('location_id', 'uuid', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('linkedin_url', 'text')
    .addColumn('phone', 'text')
    .addColumn('share_secret', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('pin_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('signup', 'login')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('pin_codes_email_idx').on('pin_codes').columns(['email', 'purpose', 'created_at']).execute();

  // Sliding-window rate limits live in the database so that any number of API processes agree.
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rate_limit_hits_idx').on('rate_limit_hits').columns(['bucket', 'created_at']).execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ai_enabled', 'boolean')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('consents_user_idx').on('consents').columns(['user_id', 'type']).execute();

  await db.schema
    .createTable('organizers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('description', 'text')
    .addColumn('external_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('label', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('event_types')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('label', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('agenda', 'text')
    .addColumn('image_url', 'text')
    .addColumn('date_time', 'timestamptz')
    .addColumn('end_date_time', 'timestamptz')
    .addColumn('event_url', 'text')
    .addColumn('location', 'text')
    .addColumn('location_id', 'uuid', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('organizer_id', 'uuid', (c) => c.references('organizers.id').onDelete('set null'))
    .addColumn('source_type', 'text', (c) => c.notNull().check(sql`source_type in ('PARTNER', 'PRO', 'SCRAPED', 'USER_ADDED')`))
    .addColumn('is_pro_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ai_generated_blurb', 'text')
    .addColumn('join_secret', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_date_idx').on('events').column('date_time').execute();
  await db.schema.createIndex('events_organizer_idx').on('events').column('organizer_id').execute();
  await db.schema.createIndex('events_location_idx').on('events').column('location_id').execute();

  await db.schema
    .createTable('event_categories')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('category_id', 'uuid', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_categories_pk', ['event_id', 'category_id'])
    .execute();
  await db.schema.createIndex('event_categories_category_idx').on('event_categories').column('category_id').execute();

  await db.schema
    .createTable('event_event_types')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('event_type_id', 'uuid', (c) => c.notNull().references('event_types.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_event_types_pk', ['event_id', 'event_type_id'])
    .execute();
  await db.schema.createIndex('event_event_types_type_idx').on('event_event_types').column('event_type_id').execute();

  await db.schema
    .createTable('event_attendees')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goal', 'text')
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_attendees_pk', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_attendees_user_idx').on('event_attendees').column('user_id').execute();

  await db.schema
    .createTable('interactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('from_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('POSITIVE', 'NEGATIVE')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('interactions_once', ['from_user_id', 'to_user_id', 'event_id'])
    .execute();
  await db.schema.createIndex('interactions_event_idx').on('interactions').columns(['event_id', 'to_user_id']).execute();

  // One row per pair, the smaller id first, so a pair can only connect once.
  await db.schema
    .createTable('connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_a_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('connections_pair', ['user_a_id', 'user_b_id'])
    .addCheckConstraint('connections_ordered', sql`user_a_id < user_b_id`)
    .execute();
  await db.schema.createIndex('connections_b_idx').on('connections').column('user_b_id').execute();

  // A feed row belongs to the member who sees it; subject_user_id is whom it is about.
  await db.schema
    .createTable('feed_activities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('connection', 'connection-attending-event')`))
    .addColumn('event_id', 'uuid', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feed_owner_idx').on('feed_activities').columns(['owner_user_id', 'created_at']).execute();

  // Idempotency-Key records: the first answer is kept per user and key and replayed for repeats.
  await db.schema
    .createTable('idempotency_records')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_records_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PRO', 'FREE', 'PAST_DUE', 'TRIALING')`))
    .addColumn('plan_name', 'text')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'subscriptions',
    'idempotency_records',
    'feed_activities',
    'connections',
    'interactions',
    'event_attendees',
    'event_event_types',
    'event_categories',
    'events',
    'event_types',
    'categories',
    'organizers',
    'consents',
    'rate_limit_hits',
    'pin_codes',
    'sessions',
    'users',
    'locations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
