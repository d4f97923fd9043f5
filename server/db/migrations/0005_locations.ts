import { sql, type Kysely } from 'kysely';

/**
 * The location service (contract/locations.ts):
 *
 * - search matches the name and the region with LIKE '%text%' (server/services/locations/location-rows.ts). Both
 *   lower-cased once, when the row is written, into search_text (a generated column, so every
 *   writer keeps it), joined by U+001F, a control character that validate() refuses in any input,
 *   so a search can never match across the two. lower() on every row at every search was most of
 *   a search's time on PGlite; the pg_trgm GIN index (pg_trgm comes with migration 0003) serves
 *   texts of three characters and more. The country name is matched in code, as country codes;
 * - creating a location looks for the same name in the same country first: (country, lower(name));
 * - popular counts the members who chose a location: users.location_id;
 * - locations.created_by_user_id becomes a reference that erasing the member clears: the place
 *   stays (others may have chosen it or hold events there), who added it does not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table locations add column search_text text not null
    generated always as (lower(name) || chr(31) || lower(coalesce(region, ''))) stored
  `.execute(db);
  await sql`create index locations_search_trgm_idx on locations using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index locations_country_name_idx on locations (country, lower(name))`.execute(db);
  await sql`create index users_location_idx on users (location_id) where location_id is not null`.execute(db);

  // Nothing wrote the column before; clear any id that names nobody so the reference can hold.
  await sql`
    update locations l set created_by_user_id = null
    where created_by_user_id is not null and not exists (select 1 from users u where u.id = l.created_by_user_id)
  `.execute(db);
  await sql`
    alter table locations add constraint locations_created_by_fk
    foreign key (created_by_user_id) references users (id) on delete set null
  `.execute(db);
  await sql`create index locations_created_by_idx on locations (created_by_user_id) where created_by_user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists locations_created_by_idx`.execute(db);
  await sql`alter table locations drop constraint if exists locations_created_by_fk`.execute(db);
  await sql`drop index if exists users_location_idx`.execute(db);
  await sql`drop index if exists locations_country_name_idx`.execute(db);
  await sql`drop index if exists locations_search_trgm_idx`.execute(db);
  await sql`alter table locations drop column if exists search_text`.execute(db);
}
