import { sql, type Kysely } from 'kysely';

/**
 * users.contact_fields_json: the member as a connection sees them (id, names, photo, role, story,
 * place and contact details) written once as the members of a JSON object, without its braces.
 * The connections list (server/services/connections/connections-json.ts) joins each connection's
 * own fields to it as text: building 2,000 objects of 13 fields per request took two thirds of
 * the list's time on PGlite (docs/decisions.md, 'The connections list's JSON'). A profile edit
 * writes it again, as the database keeps a generated column.
 *
 * json_build_object is only stable (some types' text depends on settings such as DateStyle); for
 * uuid and text it is not, so the wrapper that a generated column needs may say immutable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function contact_fields_json(
      id uuid, first_name text, last_name text, image_url text, role text, story text, location text,
      email text, phone text, linkedin_url text)
    returns text language sql immutable parallel safe as $$
      select substr(object, 2, length(object) - 2) from (select json_build_object(
        'id', id, 'firstName', first_name, 'lastName', last_name, 'imageUrl', image_url, 'role', role,
        'story', story, 'location', location, 'email', email, 'phone', phone, 'linkedinUrl', linkedin_url
      )::text as object) built
    $$`.execute(db);
  await sql`alter table users add column contact_fields_json text generated always as (
      contact_fields_json(id, first_name, last_name, image_url, role, story, location, email, phone, linkedin_url)
    ) stored`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists contact_fields_json`.execute(db);
  await sql`drop function if exists contact_fields_json`.execute(db);
}
