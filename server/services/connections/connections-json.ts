import { sql, type RawBuilder } from 'kysely';
import { isoTimeText } from '../../db/iso-time-text';
import { eventOpenTo, type UserRef } from '../events/visibility';

/**
 * The member's connections, newest first (the other person of each pair), as the JSON text of a
 * Connection[]. The database builds the JSON: with 2,000 connections, decoding 20,000 cells in
 * JavaScript and encoding them again took longer than the query (tests/bench/network-latency.ts).
 * The pair is read through both of its indexes (the member on either side) instead of an OR. SQL,
 * for GET users/connections to read with the session in one statement (http/signed-in-read.ts).
 * Where they met is named only while the member may see that event in full.
 */
export function connectionsJsonSql(userId: UserRef, now: Date): RawBuilder<string> {
  // json_agg over a row with the contract's names: a fifth faster than json_build_object per row.
  return sql<string>`
    select coalesce(json_agg(item order by item."connectedAt" desc, item.id desc), '[]')::text from (
      select o.id, o.first_name as "firstName", o.last_name as "lastName", o.image_url as "imageUrl",
        o.role, o.story, o.location, cn.event_id as "eventId",
        case when ${eventOpenTo(userId, now)} then e.name end as "eventName",
        ${isoTimeText('cn.created_at')} as "connectedAt",
        o.email, o.phone, o.linkedin_url as "linkedinUrl"
      from (
        select id, user_b_id as other_id, event_id, created_at from connections where user_a_id = ${userId}
        union all
        select id, user_a_id, event_id, created_at from connections where user_b_id = ${userId}
      ) cn
      join users o on o.id = cn.other_id
      left join events e on e.id = cn.event_id
    ) item`;
}
