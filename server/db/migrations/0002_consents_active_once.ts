import { sql, type Kysely } from 'kysely';

/** At most one consent of a type in force per user, so granting twice cannot duplicate it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('consents_active_once').on('consents').columns(['user_id', 'type']).unique().where(sql.ref('revoked_at'), 'is', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('consents_active_once').ifExists().execute();
}
