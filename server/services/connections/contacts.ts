import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Contact } from './contact-formats';
import { orderedPair } from './connection-write';
import { eventOpenTo } from '../events/visibility';

/**
 * The member's connections with their contact details, newest first (`onlyId`: just that one, when
 * it is a connection). Contact details leave the server only this way and in GET users/{id}/connection.
 */
export async function contactsOf(db: Kysely<Database>, userId: string, origin: string, now: Date, onlyId?: string): Promise<Contact[]> {
  let query = db
    .selectFrom('connections as cn')
    .innerJoin('users as o', (join) => join.on(sql<boolean>`o.id = case when cn.user_a_id = ${userId} then cn.user_b_id else cn.user_a_id end`))
    .leftJoin('events as e', 'e.id', 'cn.event_id')
    .select(['o.id', 'o.first_name', 'o.last_name', 'o.role', 'o.email', 'o.phone', 'o.linkedin_url', 'o.location', 'o.image_url', 'cn.created_at'])
    // 'Met at' names the event only while the member may see it in full.
    .select(sql<string | null>`case when ${eventOpenTo(userId, now)} then e.name end`.as('event_name'))
    .select(sql<boolean>`coalesce(e.date_time <= ${now}, true)`.as('event_started'))
    .where((eb) => eb.or([eb('cn.user_a_id', '=', userId), eb('cn.user_b_id', '=', userId)]));
  if (onlyId !== undefined) {
    const [a, b] = orderedPair(userId, onlyId);
    query = query.where('cn.user_a_id', '=', a).where('cn.user_b_id', '=', b);
  }
  const rows = await query.orderBy('cn.created_at', 'desc').orderBy('cn.id', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    email: row.email,
    phone: row.phone,
    linkedinUrl: row.linkedin_url,
    location: row.location,
    // A phone keeps the picture only if it can fetch it: an absolute URL.
    photoUrl: row.image_url ? new URL(row.image_url, origin).href : null,
    eventName: row.event_name,
    eventStarted: row.event_started,
    connectedAt: row.created_at,
  }));
}
