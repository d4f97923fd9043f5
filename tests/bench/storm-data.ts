/**
 * The reconnect-storm benchmark's data set, written with SQL into a freshly migrated database
 * before the server starts on it: one current event; `phones` members registered there whose
 * writes wait in their outboxes, and `readers` who read the deck and the feed meanwhile; each with
 * a session. Before the Wi-Fi dropped, each phone had already swiped one attendee (the swipe its
 * queued undo takes back) and was connected with another (the one its queued note is about).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { insertAll } from '../../server/test/helpers/insert-all';
import { hashSessionToken, newSessionToken } from '../../server/services/sign-in/sessions';

/** Swipes each phone queued while offline, at the phones after it in the list. */
export const SWIPES_PER_PHONE = 7;

export interface StormMember {
  id: string;
  /** `sid=<token>`, as the browser would send it. */
  cookie: string;
}

export interface StormPhone extends StormMember {
  swipes: Array<{ toUserId: string; direction: 'right' | 'left' }>;
  /** The interaction made before the drop, which the queued undo removes. */
  undoInteractionId: string;
  undoTarget: string;
  /** The connection the queued note is about. */
  noteAbout: string;
  goal: string;
  note: string;
}

export interface StormData {
  eventId: string;
  phones: StormPhone[];
  readers: StormMember[];
}

const DAY = 24 * 60 * 60_000;

export async function createStormData(db: Kysely<Database>, now: Date, phoneCount: number, readerCount: number): Promise<StormData> {
  const created = new Date(now.getTime() - 30 * DAY);
  const suffix = randomBytes(3).toString('hex');
  const person = (label: string) => ({
    id: randomUUID(),
    email: `storm-${label}-${suffix}@example.com`,
    first_name: 'Storm',
    last_name: `Member ${label}`,
    role: 'Engineer',
    story: 'At the venue when the Wi-Fi came back.',
    created_at: created,
    updated_at: created,
  });
  const phoneRows = Array.from({ length: phoneCount }, (_, i) => person(`phone-${i + 1}`));
  const readerRows = Array.from({ length: readerCount }, (_, i) => person(`reader-${i + 1}`));
  const everyone = [...phoneRows, ...readerRows];
  const eventId = randomUUID();
  const tokens = new Map(everyone.map((row) => [row.id, newSessionToken()]));
  const at = (i: number) => phoneRows[i % phoneCount]!.id;

  const phones: StormPhone[] = phoneRows.map((row, i) => ({
    id: row.id,
    cookie: `sid=${tokens.get(row.id)!}`,
    // Three right for every two left; a right at a phone that swipes right back makes a connection.
    swipes: Array.from({ length: SWIPES_PER_PHONE }, (_, k) => ({ toUserId: at(i + 1 + k), direction: k % 5 < 3 ? ('right' as const) : ('left' as const) })),
    undoInteractionId: randomUUID(),
    undoTarget: at(i + SWIPES_PER_PHONE + 1),
    noteAbout: at(i + phoneCount - 1),
    goal: `Meet three founders (phone ${i + 1})`,
    note: `Follow up on the pilot (phone ${i + 1})`,
  }));

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'users', everyone);
    await insertAll(trx, 'events', [
      {
        id: eventId,
        name: 'Reconnect Storm Summit',
        description: '<p>Two thousand phones, one Wi-Fi network.</p>',
        date_time: new Date(now.getTime() - DAY / 4),
        end_date_time: new Date(now.getTime() + DAY / 4),
        location: 'Stockholm',
        source_type: 'PARTNER',
        is_pro_only: false,
        join_secret: randomBytes(16).toString('hex'),
        created_at: created,
        updated_at: created,
      },
    ]);
    await insertAll(
      trx,
      'event_attendees',
      everyone.map((row) => ({ event_id: eventId, user_id: row.id, goal: null, joined_at: created })),
    );
    await insertAll(
      trx,
      'interactions',
      phones.map((p) => ({
        id: p.undoInteractionId,
        from_user_id: p.id,
        to_user_id: p.undoTarget,
        event_id: eventId,
        type: 'NEGATIVE' as const,
        created_at: created,
      })),
    );
    // Phone i is connected with phone i-1: each pair once, smaller id first.
    const pairs = new Map<string, { user_a_id: string; user_b_id: string }>();
    for (const p of phones) {
      const [a, b] = p.id < p.noteAbout ? [p.id, p.noteAbout] : [p.noteAbout, p.id];
      pairs.set(`${a}|${b}`, { user_a_id: a, user_b_id: b });
    }
    await insertAll(
      trx,
      'connections',
      [...pairs.values()].map((pair) => ({ ...pair, event_id: eventId, created_at: created })),
    );
    await insertAll(
      trx,
      'sessions',
      everyone.map((row) => ({ id_hash: hashSessionToken(tokens.get(row.id)!), user_id: row.id, created_at: now, last_seen_at: now })),
    );
  });
  const readers = readerRows.map((row) => ({ id: row.id, cookie: `sid=${tokens.get(row.id)!}` }));
  return { eventId, phones, readers };
}
