import { sql, type RawBuilder } from 'kysely';
import { isoTimeText } from '../../db/iso-time-text';
import { eventOpenTo, type UserRef } from '../events/visibility';

/**
 * The member's connections, newest first (the other person of each pair), as the JSON text of a
 * Connection[]. The database writes the JSON: with 2,000 connections, decoding 20,000 cells in
 * JavaScript and encoding them again took longer than the query (tests/bench/network-latency.ts).
 * Each object is the person's stored fields (users.contact_fields_json, kept by the database) and
 * the connection's own four, joined as text: building every object whole on each request took
 * two thirds of the time (docs/decisions.md, 'The connections list's JSON').
 * The pair is read through both of its indexes (the member on either side) instead of an OR. SQL,
 * for GET users/connections to read with the session in one statement (http/signed-in-read.ts).
 * Where they met is named only while the member may see that event in full.
 */
export function connectionsJsonSql(userId: UserRef, now: Date): RawBuilder<string> {
  const json = (value: RawBuilder<unknown>) => sql`coalesce(to_json(${value})::text, 'null')`;
  return sql<string>`
    select '[' || coalesce(string_agg(item.object, ',' order by item.connected_at desc, item.id desc), '') || ']' from (
      select o.id, cn.created_at as connected_at,
        '{' || o.contact_fields_json || ',"eventId":' || ${json(sql`cn.event_id`)}
          || case when ${eventOpenTo(userId, now)}
            then ',"eventName":' || ${json(sql`e.name`)} || ',"eventStartsAt":' || ${json(isoTimeText('e.date_time'))}
            else ',"eventName":null,"eventStartsAt":null' end
          || ',"connectedAt":"' || ${isoTimeText('cn.created_at')} || '"}' as object
      from (
        select id, user_b_id as other_id, event_id, created_at from connections where user_a_id = ${userId}
        union all
        select id, user_a_id, event_id, created_at from connections where user_b_id = ${userId}
      ) cn
      join users o on o.id = cn.other_id
      left join events e on e.id = cn.event_id
    ) item`;
}
