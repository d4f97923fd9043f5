import { sql, type Kysely, type Selectable } from 'kysely';
import {
  CHAT_PAGE_SIZE,
  type ArchivedPagesResponse,
  type ChatEventCard,
  type ChatMessage,
  type ChatMessageMetadata,
  type ChatRole,
  type ChatSummary,
  type JourneyType,
} from '../../../contract/chat';
import type { Database } from '../../db/schema';
import type { ChatMessagesTable, ChatsTable } from '../../db/tables/platform';
import { eventOpenTo } from '../events/visibility';
import { eventVisibleTo, isLockedFor, type Viewer } from '../events/visibility';

/**
 * Chats and their messages in the database (migration 0013). Every read and write names the owner:
 * a chat of another member is not found, exactly like an unknown id.
 */

export type ChatRow = Selectable<ChatsTable> & { selected_event_name: string | null };
type MessageRow = Selectable<ChatMessagesTable>;

const iso = (date: Date) => date.toISOString();

export function toSummary(row: ChatRow): ChatSummary {
  return {
    id: row.id,
    journeyType: row.journey_type,
    eventId: row.event_id,
    title: row.title,
    selectedEventId: row.selected_event_id,
    selectedEventName: row.selected_event_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function chatQuery(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('chats as c')
    .leftJoin('events as se', 'se.id', 'c.selected_event_id')
    .select([
      'c.id',
      'c.user_id',
      'c.journey_type',
      'c.event_id',
      'c.title',
      'c.selected_event_id',
      'c.message_count',
      'c.created_at',
      'c.updated_at',
      // Named only while the member may see the event in full (they may have left it, or lost PRO).
      sql<string | null>`case when ${eventOpenTo(sql.ref('c.user_id'), now, 'se')} then se.name end`.as('selected_event_name'),
    ]);
}

export async function listChats(db: Kysely<Database>, userId: string, now: Date): Promise<ChatSummary[]> {
  const rows = await chatQuery(db, now).where('c.user_id', '=', userId).orderBy('c.updated_at', 'desc').orderBy('c.id').limit(200).execute();
  return rows.map(toSummary);
}

/** The member's chat, or undefined (unknown id or another member's chat). */
export async function findChat(db: Kysely<Database>, userId: string, chatId: string, now: Date): Promise<ChatRow | undefined> {
  return chatQuery(db, now).where('c.id', '=', chatId).where('c.user_id', '=', userId).executeTakeFirst();
}

export async function createChat(
  db: Kysely<Database>,
  chat: { userId: string; journeyType: JourneyType; eventId: string | null; title: string; now: Date },
): Promise<string> {
  const row = await db
    .insertInto('chats')
    .values({
      user_id: chat.userId,
      journey_type: chat.journeyType,
      event_id: chat.eventId,
      // A chat started for an event has that event selected.
      selected_event_id: chat.eventId,
      title: chat.title,
      created_at: chat.now,
      updated_at: chat.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteChat(db: Kysely<Database>, userId: string, chatId: string): Promise<boolean> {
  const result = await db.deleteFrom('chats').where('id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function updateChat(
  db: Kysely<Database>,
  chatId: string,
  changes: { journeyType?: JourneyType; selectedEventId?: string | null; title?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('chats')
    .set({
      ...(changes.journeyType ? { journey_type: changes.journeyType } : {}),
      ...(changes.selectedEventId !== undefined ? { selected_event_id: changes.selectedEventId } : {}),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      updated_at: now,
    })
    .where('id', '=', chatId)
    .execute();
}

export function toMessage(row: MessageRow): ChatMessage {
  return { id: row.id, role: row.role, content: row.content, metadata: row.metadata ?? {}, createdAt: iso(row.created_at) };
}

/**
 * Appends a message. Its number comes from the chat's counter under the chat row's lock, so two
 * messages written at once get different numbers. When it is the first message after a full
 * page, that page moves to the archive.
 */
export async function appendMessage(
  db: Kysely<Database>,
  chatId: string,
  message: { role: ChatRole; content: string; metadata: ChatMessageMetadata },
  now: Date,
): Promise<ChatMessage> {
  return db.transaction().execute(async (trx) => {
    const counter = await trx
      .updateTable('chats')
      .set({ message_count: sql`message_count + 1`, updated_at: now })
      .where('id', '=', chatId)
      .returning('message_count')
      .executeTakeFirstOrThrow();
    const seq = counter.message_count - 1;
    const row = await trx
      .insertInto('chat_messages')
      .values({ chat_id: chatId, seq, role: message.role, content: message.content, metadata: JSON.stringify(message.metadata), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (seq > 0 && seq % CHAT_PAGE_SIZE === 0) {
      const page = seq / CHAT_PAGE_SIZE;
      await trx
        .updateTable('chat_messages')
        .set({ archived_page: page })
        .where('chat_id', '=', chatId)
        .where('seq', '>=', seq - CHAT_PAGE_SIZE)
        .where('seq', '<', seq)
        .execute();
    }
    return toMessage(row);
  });
}

/** The live page: messages not yet archived, oldest first. */
export async function liveMessages(db: Kysely<Database>, chatId: string): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).where('archived_page', 'is', null).orderBy('seq').execute();
  return rows.map(toMessage);
}

/** The last `count` messages (archived or not), oldest first: the history the model is given. */
export async function recentMessages(db: Kysely<Database>, chatId: string, count: number): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).orderBy('seq', 'desc').limit(count).execute();
  return rows.reverse().map(toMessage);
}

export function archivedPageCount(chat: { message_count: number }): number {
  return chat.message_count > 0 ? Math.floor((chat.message_count - 1) / CHAT_PAGE_SIZE) : 0;
}

export async function archivedPages(db: Kysely<Database>, chatId: string, only?: number): Promise<ArchivedPagesResponse['pages']> {
  let query = db
    .selectFrom('chat_messages')
    .select(['archived_page', sql<number>`count(*)::int`.as('n'), sql<Date>`min(created_at)`.as('first_at'), sql<Date>`max(created_at)`.as('last_at')])
    .where('chat_id', '=', chatId)
    .where('archived_page', 'is not', null)
    .groupBy('archived_page')
    .orderBy('archived_page');
  if (only !== undefined) query = query.where('archived_page', '=', only);
  const rows = await query.execute();
  return rows.map((row) => ({
    page: row.archived_page!,
    messageCount: row.n,
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
  }));
}

export async function archivedMessages(db: Kysely<Database>, chatId: string, page: number): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).where('archived_page', '=', page).orderBy('seq').execute();
  return rows.map(toMessage);
}

/**
 * Stored answers are shown as the reader may see them now: an event card of an event no longer
 * visible to the member is dropped, and one that is PRO-only and locked to them now (their PRO
 * ended) loses its name and reason. One query for every card of the messages.
 */
export async function presentMessages(db: Kysely<Database>, viewer: Viewer, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const ids = [...new Set(messages.flatMap((m) => (m.metadata.events ?? []).map((card) => card.eventId)))];
  if (ids.length === 0 || !viewer.userId) return messages;
  const rows = await db
    .selectFrom('events as e')
    .select([
      'e.id',
      'e.is_pro_only',
      'e.ai_generated_blurb',
      eventVisibleTo(viewer.userId).as('visible'),
      sql<boolean>`exists (select 1 from event_attendees ra where ra.event_id = e.id and ra.user_id = ${viewer.userId})`.as('registered'),
    ])
    .where('e.id', 'in', ids)
    .execute();
  const access = new Map(rows.map((row) => [row.id, row]));
  const present = (card: ChatEventCard): ChatEventCard | null => {
    const row = access.get(card.eventId);
    if (!row || !row.visible) return null;
    const locked = isLockedFor(viewer, { isProOnly: row.is_pro_only, registered: Boolean(row.registered) });
    if (!locked) return card.locked && !row.is_pro_only ? { ...card, locked: false } : card;
    return { ...card, isProOnly: true, locked: true, name: null, reason: null, blurb: row.ai_generated_blurb };
  };
  return messages.map((m) => {
    if (!m.metadata.events?.length) return m;
    const events = m.metadata.events.map(present).filter((card): card is ChatEventCard => card !== null);
    return { ...m, metadata: { ...m.metadata, events } };
  });
}
