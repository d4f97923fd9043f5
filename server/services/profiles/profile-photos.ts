import type { Kysely } from 'kysely';
import { profileImageUrl, type ProfileImageSize } from '../../../contract/profile-photo';
import type { Database } from '../../db/schema';
import type { Rendition } from './photo-pipeline';

const WEBP = 'image/webp';

/**
 * Makes a rendered photo the member's picture: users.image_url (which the deck, connections and
 * every other list read) becomes its 512 px URL, and the rows of their previous photo go. The
 * user row is updated first: its row lock puts two uploads of one member in line, so the second
 * sees the first's rows and removes them.
 */
export async function saveProfilePhoto(db: Kysely<Database>, userId: string, photo: { hash: string; renditions: Rendition[] }, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ image_url: profileImageUrl(photo.hash, 512), updated_at: now })
      .where('id', '=', userId)
      .execute();
    await trx
      .insertInto('media')
      .values(
        photo.renditions.map((r) => ({
          hash: photo.hash,
          variant: String(r.size),
          owner_user_id: userId,
          content_type: WEBP,
          bytes: r.bytes,
          created_at: now,
        })),
      )
      // The same photo again: the rows are there already, with the same bytes.
      .onConflict((oc) => oc.columns(['hash', 'variant', 'owner_user_id']).doNothing())
      .execute();
    await trx.deleteFrom('media').where('owner_user_id', '=', userId).where('hash', '<>', photo.hash).execute();
  });
}

/** The photo dialog's 'Remove': no picture (initials show) and none of its files kept. */
export async function removeProfilePhoto(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ image_url: null, updated_at: now }).where('id', '=', userId).execute();
    await deleteUserMedia(trx, userId);
  });
}

/**
 * Deletes every stored file of a member. Account erasure needs no call: the rows go with the
 * user row (foreign key cascade, migration 0004); this is for code that keeps the member.
 */
export async function deleteUserMedia(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('media').where('owner_user_id', '=', userId).execute();
}

/** A rendition by the hash and size in its URL; any owner's copy (they hold the same bytes). */
export async function readMedia(db: Kysely<Database>, hash: string, size: ProfileImageSize): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['content_type', 'bytes'])
    .where('hash', '=', hash)
    .where('variant', '=', String(size))
    .limit(1)
    .executeTakeFirst();
  return row && { contentType: row.content_type, bytes: row.bytes };
}
