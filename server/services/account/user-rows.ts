import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../db/schema';

/** E-mail addresses arrive trimmed and lower-cased from the contract schema and are stored so. */
export async function findUserIdByEmail(db: Kysely<Database>, email: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the user, or returns undefined when the address is taken (no error to catch). */
export async function createUser(db: Kysely<Database>, user: { email: string; firstName: string; lastName: string }, now: Date): Promise<string | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateUser(db: Kysely<Database>, id: string, changes: UserUpdate, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}
