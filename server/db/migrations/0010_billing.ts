import { sql, type Kysely } from 'kysely';

/**
 * Payments. Each Stripe event id is processed once: a redelivered event finds its row.
 * A PAST_DUE subscription keeps PRO for a grace period counted from when the payment first failed
 * (past_due_since); Stripe moves the period on at renewal even when the payment fails, so the
 * period's end cannot say when that was. One member per Stripe customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('past_due_since', 'timestamptz').execute();
  await sql`create unique index subscriptions_customer_idx on subscriptions (stripe_customer_id) where stripe_customer_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists subscriptions_customer_idx`.execute(db);
  await db.schema.alterTable('subscriptions').dropColumn('past_due_since').execute();
  await db.schema.dropTable('stripe_events').ifExists().execute();
}
