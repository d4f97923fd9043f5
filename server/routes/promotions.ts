import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { API_ERRORS } from '../../contract/errors';
import { promotionSlugSchema } from '../../contract/promotion-requests';
import type { Promotion } from '../../contract/promotions';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import { eventVisibleTo } from '../services/events/visibility';
import type { ApiMounts, AppDeps, AppEnv } from '../http/app-env';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** How many programme entries a page lists at most: a week, not a catalogue. */
const PROGRAMME_MAX = 30;

/**
 * The promotion of `slug` as the page shows it, or null (unknown or malformed slug: the same
 * answer, so a probe learns nothing). The programme is the week's public events (not a member's
 * community event, not PRO-only: a visitor has no plan) from the promoted event's organizer or at
 * its location, and the event.
 */
export async function findPromotion(db: Kysely<Database>, slug: string): Promise<Promotion | null> {
  if (!v.is(promotionSlugSchema, slug)) return null;
  const row = await db
    .selectFrom('promotions as p')
    .innerJoin('events as e', 'e.id', 'p.event_id')
    .select([
      'p.slug',
      'p.title',
      'p.description',
      'p.image_url',
      'p.starts_at',
      'p.ends_at',
      'e.id as event_id',
      'e.join_secret',
      'e.image_url as event_image_url',
      'e.organizer_id',
      'e.location_id',
    ])
    .where('p.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return null;

  const events = await db
    .selectFrom('events as e')
    .select(['e.id', 'e.name', 'e.date_time', 'e.end_date_time', 'e.location'])
    .where(eventVisibleTo(null))
    .where((eb) =>
      eb.or([
        eb('e.id', '=', row.event_id),
        eb.and([
          eb('e.is_pro_only', '=', false),
          eb('e.date_time', '>=', row.starts_at),
          eb('e.date_time', '<=', row.ends_at),
          eb.or([
            ...(row.organizer_id ? [eb('e.organizer_id', '=', row.organizer_id)] : []),
            ...(row.location_id ? [eb('e.location_id', '=', row.location_id)] : []),
            eb('e.id', '=', row.event_id),
          ]),
        ]),
      ]),
    )
    .orderBy('e.date_time', 'asc')
    .orderBy('e.name', 'asc')
    .limit(PROGRAMME_MAX)
    .execute();

  const joinUrl = `/events/${encodeURIComponent(row.event_id)}/join/${encodeURIComponent(row.join_secret)}/goal`;
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url ?? row.event_image_url,
    startsAt: iso(row.starts_at) as string,
    endsAt: iso(row.ends_at) as string,
    programme: events.map((event) => ({
      name: event.name,
      href: event.id === row.event_id ? joinUrl : `/events/${encodeURIComponent(event.id)}`,
      startsAt: iso(event.date_time),
      endsAt: iso(event.end_date_time),
      location: event.location,
    })),
    joinUrl,
  };
}

/** GET /api/promotions/{slug}: public, the data of the promotional page (contract/promotions.ts). */
export function promotionsRoutes(deps: AppDeps): ApiMounts {
  const app = new Hono<AppEnv>();
  app.get('/:slug', async (c) => {
    const promotion = await findPromotion(deps.db, c.req.param('slug'));
    if (!promotion) throw new ApiError(404, API_ERRORS.notFound);
    return c.json(promotion);
  });
  return [['/promotions', app]];
}
