import { sql, type Kysely } from 'kysely';

/**
 * An event's categories and event types with their labels, kept on the event. Every
 * list shows them; grouping the join tables by event for each page was a fifth of the events
 * list's time on both databases, for data that changes when an event is created or edited.
 *
 * Triggers keep the columns exact in the same transaction as the change, so no reader ever sees
 * them differ from the join tables: a change to event_categories or event_event_types (insert,
 * delete, update) rewrites its events' columns, as does a renamed category or event type. Deleting
 * one cascades to the join tables, whose triggers do the rest. Statement-level triggers with
 * transition tables: a bulk insert rewrites each event once.
 */
const LABELS = [
  { column: 'category_labels', join: 'event_categories', key: 'category_id', table: 'categories' },
  { column: 'event_type_labels', join: 'event_event_types', key: 'event_type_id', table: 'event_types' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events
    add column category_labels jsonb not null default '[]',
    add column event_type_labels jsonb not null default '[]'`.execute(db);

  // Sorted by label (then id, so that equal labels keep one order), as the lists show them.
  await sql`create function refresh_event_labels(event_ids uuid[]) returns void language sql as $$
    update events e set
      category_labels = coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'label', c.label) order by c.label, c.id)
        from event_categories ec join categories c on c.id = ec.category_id where ec.event_id = e.id), '[]'),
      event_type_labels = coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'label', t.label) order by t.label, t.id)
        from event_event_types et join event_types t on t.id = et.event_type_id where et.event_id = e.id), '[]')
    where e.id = any(event_ids)
  $$`.execute(db);

  for (const { join, key, table } of LABELS) {
    // PostgreSQL allows transition tables only on single-event triggers: one function per event.
    const changed = {
      insert: 'select event_id from new_rows',
      delete: 'select event_id from old_rows',
      update: 'select event_id from new_rows union select event_id from old_rows',
    };
    for (const [op, rows] of Object.entries(changed)) {
      const name = `${join}_labels_${op}`;
      await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
        begin
          perform refresh_event_labels(array(${sql.raw(rows)}));
          return null;
        end $$`.execute(db);
      const referencing = op === 'insert' ? 'new table as new_rows' : op === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';
      await sql`create trigger ${sql.raw(name)} after ${sql.raw(op)} on ${sql.raw(join)}
        referencing ${sql.raw(referencing)} for each statement execute function ${sql.raw(name)}()`.execute(db);
    }
    const renamed = `${table}_labels_update`;
    await sql`create function ${sql.raw(renamed)}() returns trigger language plpgsql as $$
      begin
        perform refresh_event_labels(array(
          select j.event_id from ${sql.raw(join)} j
          join new_rows n on n.id = j.${sql.raw(key)}
          join old_rows o on o.id = n.id
          where n.label is distinct from o.label));
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(renamed)} after update on ${sql.raw(table)}
      referencing old table as old_rows new table as new_rows for each statement execute function ${sql.raw(renamed)}()`.execute(db);
  }

  await sql`select refresh_event_labels(array(select id from events))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { join, table } of LABELS) {
    for (const op of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.raw(`${join}_labels_${op}`)} on ${sql.raw(join)}`.execute(db);
      await sql`drop function if exists ${sql.raw(`${join}_labels_${op}`)}()`.execute(db);
    }
    await sql`drop trigger if exists ${sql.raw(`${table}_labels_update`)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function if exists ${sql.raw(`${table}_labels_update`)}()`.execute(db);
  }
  await sql`drop function if exists refresh_event_labels(uuid[])`.execute(db);
  await sql`alter table events drop column category_labels, drop column event_type_labels`.execute(db);
}
