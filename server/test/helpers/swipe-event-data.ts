/**
 * A swiping crowd written with SQL (for a real server process that starts on the database after):
 * one event with `targets` attendees who have complete profiles, and the members who swipe at them
 * (each signed in with a session of their own), registered there too. The outbox-drain benchmark
 * uses 1,000 targets; the crash and chaos tests a few. Every tenth target has already liked the
 * members, so those right swipes complete a mutual like and take the connection path (connection
 * row, two feed entries, newConnection in the answer), as some swipes at a real event do.
 *
 * Written with a few multi-row inserts into a freshly migrated, empty database, before the server
 * starts on it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createSession } from '../../services/sign-in/sessions';
import { insertAll } from './insert-all';

/** The outbox's swipe directions (src/offline/db.ts; server code does not import src/). */
export type SwipeDirection = 'right' | 'left';

export interface Swiper {
  id: string;
  /** `sid=<token>`, as the browser would send it. */
  cookie: string;
}

export interface SwipeTarget {
  id: string;
  direction: SwipeDirection;
  /** They liked the swipers first: a right swipe at them connects the pair. */
  likedFirst: boolean;
}

export interface SwipeEventData {
  eventId: string;
  swipers: Swiper[];
  targets: SwipeTarget[];
}

const DAY = 24 * 60 * 60_000;

/** Three right swipes for every two left ones; every tenth target (all of them right) liked first. */
function planFor(index: number): Pick<SwipeTarget, 'direction' | 'likedFirst'> {
  return { direction: index % 5 < 3 ? 'right' : 'left', likedFirst: index % 10 === 0 };
}

export async function createSwipeEventData(
  db: Kysely<Database>,
  now: Date,
  { swipers: swiperCount, targets: targetCount }: { swipers: number; targets: number },
): Promise<SwipeEventData> {
  const created = new Date(now.getTime() - 30 * DAY);
  // Unique addresses, so one database can hold several crowds.
  const suffix = randomBytes(3).toString('hex');
  const person = (label: string) => ({
    id: randomUUID(),
    email: `swipe-crowd-${label}-${suffix}@example.com`,
    first_name: 'Bench',
    last_name: `Member ${label}`,
    role: 'Engineer',
    story: 'A member of a swiping crowd.',
    created_at: created,
    updated_at: created,
  });
  const swiperRows = Array.from({ length: swiperCount }, (_, i) => person(`swiper-${i + 1}`));
  const targetRows = Array.from({ length: targetCount }, (_, i) => person(`target-${i + 1}`));
  const eventId = randomUUID();
  const targets = targetRows.map((row, i) => ({ id: row.id, ...planFor(i) }));

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'users', [...swiperRows, ...targetRows]);
    await insertAll(trx, 'events', [
      {
        id: eventId,
        name: 'Swiping Crowd Conference',
        description: '<p>An event full of swiping members.</p>',
        date_time: new Date(now.getTime() - DAY),
        end_date_time: new Date(now.getTime() + DAY),
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
      [...swiperRows, ...targetRows].map((row) => ({ event_id: eventId, user_id: row.id, goal: null, joined_at: created })),
    );
    await insertAll(
      trx,
      'interactions',
      targets
        .filter((t) => t.likedFirst)
        .flatMap((t) => swiperRows.map((s) => ({ from_user_id: t.id, to_user_id: s.id, event_id: eventId, type: 'POSITIVE' as const, created_at: created }))),
    );
  });

  const swipers: Swiper[] = [];
  for (const row of swiperRows) swipers.push({ id: row.id, cookie: `sid=${await createSession(db, row.id, now)}` });
  return { eventId, swipers, targets };
}
