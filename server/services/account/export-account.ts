import { sql, type Kysely } from 'kysely';
import type { AccountExport } from '../../../contract/account';
import type { Database } from '../../db/schema';
import { exportSafety } from '../safety/safety-export';
import { meetingsOf } from '../meetings/meeting-json';
import { exportMessages } from '../messages/message-export';
import { loadMe } from './load-me';

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const name = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;

/**
 * Everything the product holds about the member (GDPR art. 15 and 20), as one JSON document:
 * their profile, consents (revoked ones too), sessions (never their ids), subscription, events,
 * swipes made and received, connections, profile interests, private notes, feed, the places they created,
 * their chats with the assistant (every message, archived ones too), their meetings and busy times, and
 * their messages with other members (both sides) with their read receipts setting.
 * Other members appear by id and name only where the member already sees them.
 * Left out: the calendar feed's secret. It is a credential, not data about the member (the events
 * it lists are here), and a copy of the export would otherwise open their feed until they rotate it.
 */
export async function exportAccount(db: Kysely<Database>, userId: string, now: Date): Promise<AccountExport> {
  const me = await loadMe(db, userId, now);
  const safety = await exportSafety(db, userId);
  if (!me) throw new Error(`exportAccount: no member ${userId}`);
  const [
    consents,
    sessions,
    subscription,
    attended,
    created,
    made,
    received,
    connections,
    interests,
    feed,
    locations,
    notes,
    chats,
    chatMessages,
    meetings,
    busy,
    messages,
  ] = await Promise.all([
    db.selectFrom('consents').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('sessions').select(['created_at', 'last_seen_at', 'revoked_at']).where('user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('event_attendees as ea')
      .innerJoin('events as e', 'e.id', 'ea.event_id')
      .select(['e.id', 'e.name', 'ea.goal', 'ea.joined_at'])
      .where('ea.user_id', '=', userId)
      .orderBy('ea.joined_at')
      .execute(),
    db.selectFrom('events').select(['id', 'name', 'created_at']).where('created_by_user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('interactions as i')
      .innerJoin('users as u', 'u.id', 'i.to_user_id')
      .select(['i.to_user_id', 'u.first_name', 'u.last_name', 'i.event_id', 'i.type', 'i.created_at'])
      .where('i.from_user_id', '=', userId)
      .orderBy('i.created_at')
      .execute(),
    db.selectFrom('interactions').select(['from_user_id', 'event_id', 'type', 'created_at']).where('to_user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('connections as cn')
      .innerJoin('users as u', (join) => join.on((eb) => eb.or([eb('u.id', '=', eb.ref('cn.user_a_id')), eb('u.id', '=', eb.ref('cn.user_b_id'))])))
      .select(['u.id', 'u.first_name', 'u.last_name', 'cn.event_id', 'cn.created_at'])
      .where((eb) => eb.or([eb('cn.user_a_id', '=', userId), eb('cn.user_b_id', '=', userId)]))
      .where('u.id', '<>', userId)
      .orderBy('cn.created_at')
      .execute(),
    db.selectFrom('profile_interests').select(['to_user_id', 'created_at']).where('from_user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('feed_activities')
      .select(['type', 'subject_user_id', 'event_id', 'created_at'])
      .where('owner_user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('locations').select(['id', 'name', 'country', 'created_at']).where('created_by_user_id', '=', userId).orderBy('created_at').execute(),
    db.selectFrom('connection_notes').select(['about_user_id', 'note', 'updated_at']).where('user_id', '=', userId).orderBy('updated_at').execute(),
    db.selectFrom('chats').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
    db
      .selectFrom('chat_messages as m')
      .innerJoin('chats as c', 'c.id', 'm.chat_id')
      .select(['m.chat_id', 'm.role', 'm.content', 'm.metadata', 'm.created_at'])
      .where('c.user_id', '=', userId)
      .orderBy('m.chat_id')
      .orderBy('m.seq')
      .execute(),
    meetingsOf(db, userId, now),
    db
      .selectFrom('meeting_sessions')
      .select(['event_id', sql<Date>`lower(during)`.as('starts_at'), sql<Date>`upper(during)`.as('ends_at')])
      .where('user_id', '=', userId)
      .orderBy('starts_at')
      .execute(),
    exportMessages(db, userId),
  ]);
  return {
    format: 'mingle-export-1',
    exportedAt: now.toISOString(),
    // What the app shows the member of themselves (GET users/me).
    profile: me,
    consents: consents.map((row) => ({
      id: row.id,
      type: row.type,
      aiEnabled: row.ai_enabled,
      createdAt: iso(row.created_at),
      revokedAt: iso(row.revoked_at),
    })),
    sessions: sessions.map((row) => ({ createdAt: iso(row.created_at)!, lastSeenAt: iso(row.last_seen_at)!, revokedAt: iso(row.revoked_at) })),
    subscription: subscription
      ? { status: subscription.status, planName: subscription.plan_name, endsAt: iso(subscription.ends_at), updatedAt: iso(subscription.updated_at) }
      : null,
    eventsAttended: attended.map((row) => ({ eventId: row.id, name: row.name, goal: row.goal, joinedAt: iso(row.joined_at)! })),
    eventsCreated: created.map((row) => ({ eventId: row.id, name: row.name, createdAt: iso(row.created_at)! })),
    interactionsMade: made.map((row) => ({
      toUserId: row.to_user_id,
      toName: name(row),
      eventId: row.event_id,
      type: row.type,
      createdAt: iso(row.created_at)!,
    })),
    interactionsReceived: received.map((row) => ({ fromUserId: row.from_user_id, eventId: row.event_id, type: row.type, createdAt: iso(row.created_at)! })),
    connections: connections.map((row) => ({ userId: row.id, name: name(row), eventId: row.event_id, createdAt: iso(row.created_at)! })),
    profileInterests: interests.map((row) => ({ toUserId: row.to_user_id, createdAt: iso(row.created_at)! })),
    connectionNotes: notes.map((row) => ({ aboutUserId: row.about_user_id, note: row.note, updatedAt: iso(row.updated_at)! })),
    feed: feed.map((row) => ({ type: row.type, subjectUserId: row.subject_user_id, eventId: row.event_id, createdAt: iso(row.created_at)! })),
    locationsCreated: locations.map((row) => ({ locationId: row.id, name: row.name, country: row.country, createdAt: iso(row.created_at)! })),
    meetings,
    meetingSessions: busy.map((row) => ({ eventId: row.event_id, startsAt: iso(new Date(row.starts_at))!, endsAt: iso(new Date(row.ends_at))! })),
    conversations: messages.conversations,
    messageSettings: messages.messageSettings,
    // The member's blocks and the reports they made (services/safety/safety-export.ts).
    ...safety,
    chats: chats.map((chat) => ({
      chatId: chat.id,
      journeyType: chat.journey_type,
      eventId: chat.event_id,
      selectedEventId: chat.selected_event_id,
      title: chat.title,
      createdAt: iso(chat.created_at)!,
      messages: chatMessages
        .filter((m) => m.chat_id === chat.id)
        .map((m) => ({ role: m.role, content: m.content, metadata: m.metadata, createdAt: iso(m.created_at)! })),
    })),
  };
}
