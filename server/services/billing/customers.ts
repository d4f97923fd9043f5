import { sql, type Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';

/**
 * The member's Stripe customer, created once. Stripe's idempotency key is the member's id, so two
 * checkouts started at once send the same create and get the same customer back; the first stored
 * id wins, and later calls read it from the database.
 */
export async function customerOf(db: Kysely<Database>, stripe: Stripe, member: { id: string; email: string }, now: Date): Promise<string> {
  const stored = await storedCustomer(db, member.id);
  if (stored) return stored;
  const customer = await stripe.customers.create({ email: member.email, metadata: { userId: member.id } }, { idempotencyKey: `mingle-customer-${member.id}` });
  await db
    .insertInto('subscriptions')
    .values({ user_id: member.id, status: 'FREE', plan_name: null, stripe_customer_id: customer.id, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ stripe_customer_id: sql<string>`coalesce(subscriptions.stripe_customer_id, excluded.stripe_customer_id)` }),
    )
    .execute();
  return (await storedCustomer(db, member.id)) ?? customer.id;
}

async function storedCustomer(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('subscriptions').select('stripe_customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

/** The member a Stripe customer belongs to: our row, else the customer's metadata (made by us). */
export async function memberOfCustomer(db: Kysely<Database>, stripe: Stripe, customerId: string): Promise<string | null> {
  const row = await db.selectFrom('subscriptions').select('user_id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
  if (row) return row.user_id;
  const customer = await stripe.customers.retrieve(customerId);
  const userId = 'deleted' in customer && customer.deleted ? undefined : customer.metadata?.userId;
  if (!userId) return null;
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return user?.id ?? null;
}
