/**
 * Makes a demo event as crowded as a large conference: `count` more attendees with complete
 * profiles, photos (the demo avatars), locations and goals, so that the deck the client prefetches
 * is full (DECK_LIMIT candidates) and its cards look like real ones. Deterministic text; written
 * into the database before the server starts on it.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

const FIRST = ['Alva', 'Björn', 'Chiara', 'Daan', 'Elif', 'Felix', 'Greta', 'Hugo', 'Ida', 'Jakob', 'Klara', 'Leo', 'Mira', 'Noah', 'Olivia', 'Pablo'];
const LAST = ['Lindqvist', 'Berg', 'Moretti', 'Jansen', 'Yilmaz', 'Schneider', 'Holm', 'Laurent', 'Nyström', 'Eriksen', 'Novak', 'Costa'];
const ROLES = [
  'Product Manager at a fintech scale-up',
  'Staff Engineer, payments',
  'Founder of a climate-data startup',
  'Head of Design',
  'Data Scientist in retail',
  'Venture Partner',
];
const STORY =
  'I have spent the last eight years building products for teams that live in spreadsheets, and I ' +
  'am happiest when a messy workflow turns into something people enjoy. Lately I work on data ' +
  'quality and on making machine learning useful for small teams. Ask me about hiring, remote work ' +
  'or the best coffee near the venue.';
const GOALS = ['Meet founders working on developer tools.', 'Find two people to hire for my data team.', null];
const AVATARS = 24;
const MAX_PARAMETERS = 30_000;

export async function addAttendees(db: Kysely<Database>, eventId: string, count: number, now: Date): Promise<void> {
  const location = await db.selectFrom('locations').select('id').orderBy('id').executeTakeFirst();
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `bench-crowd-${i + 1}@example.com`,
    first_name: FIRST[i % FIRST.length]!,
    last_name: LAST[Math.floor(i / FIRST.length) % LAST.length]!,
    image_url: `/media/avatars/avatar-${String((i % AVATARS) + 1).padStart(2, '0')}.svg`,
    role: ROLES[i % ROLES.length]!,
    story: STORY,
    location_id: location?.id ?? null,
    created_at: now,
    updated_at: now,
  }));
  const attendees = users.map((u, i) => ({ event_id: eventId, user_id: u.id, goal: GOALS[i % GOALS.length] ?? null, joined_at: now }));
  await db.transaction().execute(async (trx) => {
    const batch = Math.floor(MAX_PARAMETERS / 10);
    for (let i = 0; i < users.length; i += batch)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + batch))
        .execute();
    for (let i = 0; i < attendees.length; i += batch)
      await trx
        .insertInto('event_attendees')
        .values(attendees.slice(i, i + batch))
        .execute();
  });
}
