import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPathPattern, type ApiRoutePath } from '../../../contract/api-routes';
import type { Interaction, InteractionResult } from '../../../contract/attendees';
import { OUTBOX_WRITES } from '../../../contract/outbox-writes';
import type { ConnectionProfile } from '../../../contract/profiles';
import type { EventItem } from '../../../contract/events';
import type { Me } from '../../../contract/user';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { connectionsKeys } from '../../features/connections/api/keys';
import { eventDetailKeys } from '../../features/event-detail/api/keys';
import { leaveRefusedToast } from '../../features/join/api/cache-left';
import { profileKeys } from '../../features/profile/api/keys';
import { CONNECT_FAILED_TOAST, CONNECTED_TOAST } from '../../features/profile/connect-toasts';
import { authKeys } from '../../lib/signed-in-member';
import { createOutboxDb, type OutboxDb, type OutboxKind, type OutboxRecord } from '../../offline/db';
import { connectOverlayOf } from '../../offline/mutations/connect';
import { noteOverlayOf } from '../../offline/mutations/connection-note';
import { profileOverlayOf } from '../../offline/mutations/profile';
import { mutations } from '../../offline/mutations/registry';
import { createOutbox, type Outbox } from '../../offline/outbox';
import { connectMutation } from '../../offline/mutations/connect';
import { connectionNoteMutation } from '../../offline/mutations/connection-note';
import { goalMutation } from '../../offline/mutations/goal';
import { leaveEventMutation, leaveOverlayOf } from '../../offline/mutations/leave-event';
import { profileMutation } from '../../offline/mutations/profile-mutation';
import { swipeMutation } from '../../offline/mutations/swipe';
import { undoSwipeMutation } from '../../offline/mutations/undo-swipe';
import { overlayOf } from '../../offline/record-overlay';
import { createSyncEngine, type SyncEngine } from '../../offline/sync-engine';
import { fakeNetwork, freshDb, manualTimers, memoryLock, type FakeNetwork } from '../../offline/test-helpers';
import { makeEventItem } from '../../test/event-fixtures';
import { makeMe } from '../../test/fixtures';
import { useToastStore } from '../../ui/toast-store';
import type { Meeting } from '../../../contract/meetings';
import { meetingsKeys } from '../../features/meetings/api/keys';
import { meetingsOverlay, shownMeetings } from '../../features/meetings/meetings-shown';
import { meetingAcceptMutation } from '../../offline/mutations/meeting-accept';
import { meetingCancelMutation } from '../../offline/mutations/meeting-cancel';
import { meetingDeclineMutation } from '../../offline/mutations/meeting-decline';
import { meetingOutcomeMutation } from '../../offline/mutations/meeting-outcome';
import { meetingProposeMutation } from '../../offline/mutations/meeting-propose';
import { meetingRequestMutation } from '../../offline/mutations/meeting-request';
import type { MessagePage } from '../../../contract/messages';
import { messagesKeys } from '../../features/messages/api/keys';
import { messagesOverlay, shownMessages } from '../../features/messages/messages-shown';
import { messageSendMutation } from '../../offline/mutations/message-send';
import { cacheWritingAnswers } from './outbox-delivery';

/*
 * The contract every outbox kind keeps (docs/architecture.md, "Writes that must survive the
 * venue"): queued offline, shown at once, delivered once under its Idempotency-Key, written into
 * the query cache, still there after a reload, and a refusal shown and kept. It runs every kind of
 * the registry: a new kind fails here until it has its fixture below.
 */

const MEMBER = 'ada';
const EVENT = '11111111-1111-4111-8111-111111111111';
const BOB = '33333333-3333-4333-8333-333333333333';
const REFUSAL = 'Refused for this test';

/** A sample write of one kind, its accepted answer, and how the screen and the cache show it. */
interface KindFixture {
  /** Queues the write as its screen does. */
  enqueue(outbox: Outbox): Promise<OutboxRecord>;
  /** What the server answers when it takes the write. */
  answer: { status: number; body: unknown };
  /** What the screen had cached before. */
  seed(queryClient: QueryClient): void;
  /** What the screen shows of the write, read from the overlay of the member's records. */
  seen(records: OutboxRecord[]): unknown;
  /** What it shows while the record waits, and once the server refused it. */
  seenWaiting: unknown;
  seenRefused: unknown;
  /** What the query cache holds of the write once delivered, and what it should hold. */
  cached(queryClient: QueryClient): unknown;
  cachedDelivered: unknown;
  /** A notice the member gets when the server refuses it, where the overlay shows nothing. */
  refusedNotice?: string;
}

const interaction = (id: string): Interaction => ({
  id,
  type: 'POSITIVE',
  eventId: EVENT,
  toUser: { id: BOB, firstName: 'Bob', lastName: 'Tester', imageUrl: null },
  createdAt: '2026-01-01T10:00:00.000Z',
  connected: false,
});
const interactionIds = (queryClient: QueryClient) => queryClient.getQueryData<Interaction[]>(attendeesKeys.interactions(EVENT))?.map((i) => i.id);
const publicProfile = [...profileKeys.all, 'public', BOB];

const MEETING = '44444444-4444-4444-8444-444444444444';
const MESSAGE = '55555555-5555-4555-8555-555555555555';
const meeting = (changes: Partial<Meeting> = {}): Meeting => ({
  id: MEETING,
  eventId: EVENT,
  eventName: 'Nordic Tech Summit',
  timeZone: 'Europe/Oslo',
  with: { id: BOB, firstName: 'Bob', lastName: 'Tester', imageUrl: null },
  requestedByMe: false,
  state: 'requested',
  startsAt: '2030-06-01T12:00:00.000Z',
  endsAt: '2030-06-01T12:30:00.000Z',
  place: 'Table 12',
  message: null,
  proposal: null,
  awaitingMe: true,
  note: null,
  closedByMe: null,
  outcome: null,
  sequence: 0,
  createdAt: '2030-05-01T10:00:00.000Z',
  updatedAt: '2030-05-01T10:00:00.000Z',
  ...changes,
});
const acted = { meetingId: MEETING, eventId: EVENT, actedAt: '2030-05-02T10:00:00.000Z' };
/** The meeting as its card shows it: a few of its fields, and whether it waits or was refused. */
const meetingSeen = (server: Meeting, pick: (m: Meeting) => unknown) => (records: OutboxRecord[]) => {
  const shown = shownMeetings([server], meetingsOverlay(records)).find((m) => m.id === server.id)!;
  return { shown: pick(shown), sync: shown.sync?.state ?? null };
};
const cachedMeeting = (pick: (m: Meeting | undefined) => unknown) => (queryClient: QueryClient) =>
  pick(queryClient.getQueryData<Meeting>(meetingsKeys.one(MEETING)));
/** A meeting action's fixture: the server's meeting before it, and after it as the server answers. */
function meetingFixture(enqueue: KindFixture['enqueue'], before: Meeting, after: Meeting, pick: (m: Meeting) => unknown, verb: string): KindFixture {
  return {
    enqueue,
    answer: { status: 200, body: after },
    seed: (queryClient) => queryClient.setQueryData<Meeting[]>(meetingsKeys.atEvent(EVENT), [before]),
    seen: meetingSeen(before, pick),
    seenWaiting: { shown: pick(after), sync: 'waiting' },
    seenRefused: { shown: pick(before), sync: 'refused' },
    cached: (queryClient) => queryClient.getQueryData<Meeting[]>(meetingsKeys.atEvent(EVENT))?.map(pick),
    cachedDelivered: [pick(after)],
    refusedNotice: `Could not ${verb}: ${REFUSAL}`,
  };
}
const accepted = meeting({ state: 'accepted', awaitingMe: false, sequence: 1 });

const fixtures: { [K in OutboxKind]: KindFixture } = {
  swipe: {
    enqueue: (outbox) => outbox.enqueue(swipeMutation, { eventId: EVENT, toUserId: BOB, direction: 'right' }),
    answer: { status: 201, body: { interaction: interaction('int-new'), newConnection: null } satisfies InteractionResult },
    seed: (queryClient) => queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(EVENT), []),
    seen: (records) => overlayOf(records).byUser.get(BOB)?.kind ?? 'nothing',
    seenWaiting: 'swiped',
    seenRefused: 'swipe-failed',
    cached: interactionIds,
    cachedDelivered: ['int-new'],
  },
  'undo-swipe': {
    enqueue: async (outbox) => (await outbox.enqueue(undoSwipeMutation, { eventId: EVENT, interactionId: 'int-old', toUserId: BOB }))!,
    answer: { status: 204, body: null },
    seed: (queryClient) => queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(EVENT), [interaction('int-old')]),
    seen: (records) => overlayOf(records).byUser.get(BOB)?.kind ?? 'nothing',
    seenWaiting: 'undone',
    // The server still has the interaction: the screen shows it as before.
    seenRefused: 'nothing',
    cached: interactionIds,
    cachedDelivered: [],
  },
  goal: {
    enqueue: (outbox) => outbox.enqueue(goalMutation, { eventId: EVENT, goal: 'Find a cofounder' }),
    answer: { status: 200, body: { goal: 'Find a cofounder' } },
    seed: (queryClient) => queryClient.setQueryData<EventItem>(eventDetailKeys.event(EVENT), makeEventItem({ id: EVENT }) as EventItem),
    seen: (records) => {
      const overlay = overlayOf(records);
      return { goal: overlay.goal, refused: overlay.failedGoal?.payload.goal };
    },
    seenWaiting: { goal: 'Find a cofounder', refused: undefined },
    seenRefused: { goal: undefined, refused: 'Find a cofounder' },
    cached: (queryClient) => queryClient.getQueryData<EventItem>(eventDetailKeys.event(EVENT))?.eventData?.goal,
    cachedDelivered: 'Find a cofounder',
  },
  profile: {
    enqueue: (outbox) => outbox.enqueue(profileMutation, { changes: { role: 'Lead' } }),
    answer: { status: 200, body: { ...makeMe({ id: MEMBER }), role: 'Lead' } },
    seed: (queryClient) => queryClient.setQueryData(authKeys.me(), makeMe({ id: MEMBER, role: 'Dev' })),
    seen: (records) => {
      const overlay = profileOverlayOf(records);
      return { role: overlay.changes.role, refused: overlay.failed?.payload.changes.role };
    },
    seenWaiting: { role: 'Lead', refused: undefined },
    seenRefused: { role: undefined, refused: 'Lead' },
    cached: (queryClient) => queryClient.getQueryData<Me>(authKeys.me())?.role,
    cachedDelivered: 'Lead',
  },
  'connection-note': {
    enqueue: (outbox) => outbox.enqueue(connectionNoteMutation, { aboutUserId: BOB, note: 'Met at the bar' }),
    answer: { status: 200, body: { note: 'Met at the bar' } },
    seed: (queryClient) => queryClient.setQueryData(connectionsKeys.profile(BOB), { id: BOB, note: null } as ConnectionProfile),
    seen: (records) => {
      const overlay = noteOverlayOf(records);
      return { note: overlay.waiting, refused: overlay.failed?.payload.note };
    },
    seenWaiting: { note: 'Met at the bar', refused: undefined },
    seenRefused: { note: undefined, refused: 'Met at the bar' },
    cached: (queryClient) => queryClient.getQueryData<ConnectionProfile>(connectionsKeys.profile(BOB))?.note,
    cachedDelivered: 'Met at the bar',
  },
  connect: {
    enqueue: (outbox) => outbox.enqueue(connectMutation, { userId: BOB, secret: 'share-secret' }),
    answer: { status: 200, body: { connected: true, newConnection: true } },
    seed: (queryClient) => queryClient.setQueryData(publicProfile, { connected: false }),
    seen: (records) => connectOverlayOf(records).waitingFor.has(BOB),
    seenWaiting: true,
    seenRefused: false,
    // The client cannot write 'connected' in itself: the member's profile is read again, and a notice says so.
    cached: (queryClient) => ({
      readAgain: queryClient.getQueryState(publicProfile)?.isInvalidated,
      notice: useToastStore.getState().toasts.some((t) => t.description === CONNECTED_TOAST.description),
    }),
    cachedDelivered: { readAgain: true, notice: true },
    refusedNotice: CONNECT_FAILED_TOAST.description,
  },
  'leave-event': {
    enqueue: (outbox) => outbox.enqueue(leaveEventMutation, { eventId: EVENT, name: 'Nordic Tech Summit' }),
    answer: { status: 204, body: null },
    seed: (queryClient) =>
      queryClient.setQueryData<EventItem>(
        eventDetailKeys.event(EVENT),
        makeEventItem({ id: EVENT, isRegistered: true, goal: 'Find a cofounder' }) as EventItem,
      ),
    seen: (records) => leaveOverlayOf(records).waitingFor.has(EVENT),
    seenWaiting: true,
    seenRefused: false,
    cached: (queryClient) => {
      const event = queryClient.getQueryData<EventItem>(eventDetailKeys.event(EVENT))?.eventData;
      return { registered: event?.isRegistered, goal: event?.goal, readAgain: queryClient.getQueryState(eventDetailKeys.event(EVENT))?.isInvalidated };
    },
    cachedDelivered: { registered: false, goal: null, readAgain: true },
    refusedNotice: leaveRefusedToast('Nordic Tech Summit').description,
  },
  'meeting-request': {
    enqueue: (outbox) =>
      outbox.enqueue(meetingRequestMutation, {
        eventId: EVENT,
        invitee: meeting().with,
        eventName: 'Nordic Tech Summit',
        timeZone: 'Europe/Oslo',
        startsAt: '2030-06-01T12:00:00.000Z',
        minutes: 30,
        place: 'Table 12',
        message: '',
        actedAt: acted.actedAt,
      }),
    answer: { status: 201, body: meeting({ requestedByMe: true, awaitingMe: false }) },
    seed: (queryClient) => queryClient.setQueryData<Meeting[]>(meetingsKeys.atEvent(EVENT), []),
    seen: (records) => shownMeetings([], meetingsOverlay(records)).map((m) => ({ with: m.with.firstName, place: m.place, sync: m.sync?.state })),
    seenWaiting: [{ with: 'Bob', place: 'Table 12', sync: 'waiting' }],
    seenRefused: [{ with: 'Bob', place: 'Table 12', sync: 'refused' }],
    cached: cachedMeeting((m) => m && { state: m.state, requestedByMe: m.requestedByMe }),
    cachedDelivered: { state: 'requested', requestedByMe: true },
    refusedNotice: `Could not ask Bob: ${REFUSAL}`,
  },
  'meeting-accept': meetingFixture(
    (outbox) => outbox.enqueue(meetingAcceptMutation, acted),
    meeting(),
    accepted,
    (m) => m.state,
    'accept',
  ),
  'meeting-decline': meetingFixture(
    (outbox) => outbox.enqueue(meetingDeclineMutation, { ...acted, note: 'Busy' }),
    meeting(),
    meeting({ state: 'declined', awaitingMe: false, closedByMe: true, note: 'Busy' }),
    (m) => ({ state: m.state, note: m.note }),
    'decline',
  ),
  'meeting-propose': meetingFixture(
    (outbox) => outbox.enqueue(meetingProposeMutation, { ...acted, startsAt: '2030-06-01T13:00:00.000Z', minutes: 15, place: 'Coffee bar' }),
    accepted,
    meeting({ ...accepted, proposal: { startsAt: '2030-06-01T13:00:00.000Z', endsAt: '2030-06-01T13:15:00.000Z', place: 'Coffee bar', byMe: true } }),
    (m) => m.proposal,
    'propose the new time',
  ),
  'meeting-cancel': meetingFixture(
    (outbox) => outbox.enqueue(meetingCancelMutation, { ...acted, note: '' }),
    accepted,
    meeting({ state: 'cancelled', awaitingMe: false, closedByMe: true, sequence: 2 }),
    (m) => ({ state: m.state, closedByMe: m.closedByMe }),
    'cancel',
  ),
  'message-send': {
    enqueue: (outbox) =>
      outbox.enqueue(messageSendMutation, {
        userId: BOB,
        messageId: MESSAGE,
        text: 'Hello Bob',
        actedAt: '2030-06-01T12:00:00.000Z',
        to: { id: BOB, firstName: 'Bob', lastName: 'Tester', imageUrl: null },
      }),
    answer: { status: 201, body: { id: MESSAGE, fromMe: true, text: 'Hello Bob', sentAt: '2030-06-01T12:00:00.000Z', state: 'sent' } },
    seed: (queryClient) => queryClient.setQueryData(messagesKeys.conversation(BOB), { pages: [{ messages: [], hasMore: false }], pageParams: [null] }),
    seen: (records) => shownMessages([], messagesOverlay(records).get(BOB)).map((m) => `${m.text}: ${m.state}`),
    seenWaiting: ['Hello Bob: waiting'],
    seenRefused: ['Hello Bob: failed'],
    cached: (queryClient) =>
      queryClient.getQueryData<{ pages: MessagePage[] }>(messagesKeys.conversation(BOB))?.pages[0]?.messages.map((m) => `${m.text}: ${m.state}`),
    cachedDelivered: ['Hello Bob: sent'],
    refusedNotice: `Could not send your message to Bob: ${REFUSAL}`,
  },
  'meeting-outcome': meetingFixture(
    (outbox) => outbox.enqueue(meetingOutcomeMutation, { ...acted, outcome: 'met' }),
    accepted,
    meeting({ ...accepted, outcome: 'met' }),
    (m) => m.outcome,
    'save how it went',
  ),
};

let db: OutboxDb;
let engine: SyncEngine | null = null;
beforeEach(() => {
  db = freshDb();
  useToastStore.setState({ toasts: [] });
});
afterEach(async () => {
  engine?.stop();
  engine = null;
  db.close();
  await createOutboxDb(db.name).delete();
});

/** The member's device: the outbox, an engine over a scripted network, and the screen's cache. */
function device(online: boolean) {
  const network: FakeNetwork = fakeNetwork();
  const queryClient = new QueryClient();
  const outbox = createOutbox({ db, userId: MEMBER });
  engine = createSyncEngine({
    userId: MEMBER,
    db,
    send: network.send,
    onAnswers: cacheWritingAnswers(queryClient),
    lock: memoryLock(),
    schedule: manualTimers().schedule,
    random: () => 0.5,
    isOnline: () => online,
  });
  engine.start();
  const records = () => db.outbox.toArray();
  return { network, queryClient, outbox, engine, records };
}

/** The database as a reload finds it: opened again from IndexedDB. */
async function reopened(): Promise<OutboxRecord[]> {
  const again = createOutboxDb(db.name);
  try {
    return await again.outbox.toArray();
  } finally {
    again.close();
  }
}

const writes = (network: FakeNetwork) => network.requests.filter((r) => r.method !== 'GET');

describe.each(Object.keys(mutations) as OutboxKind[])('outbox kind %s', (kind) => {
  const fixture = fixtures[kind];

  it('is queued offline, shown at once, and still there after a reload', async () => {
    const { network, outbox, engine, records } = device(false);
    const record = await fixture.enqueue(outbox);
    expect(record.kind).toBe(kind);
    await engine.syncNow();
    expect(network.requests).toEqual([]);
    expect(fixture.seen(await records())).toEqual(fixture.seenWaiting);
    engine.stop();
    db.close();
    const kept = await reopened();
    expect(kept).toEqual([expect.objectContaining({ id: record.id, kind, payload: record.payload, state: 'pending' })]);
    expect(fixture.seen(kept)).toEqual(fixture.seenWaiting);
  });

  it('is delivered once, under its Idempotency-Key, and written into the query cache', async () => {
    const { network, queryClient, outbox, engine, records } = device(true);
    fixture.seed(queryClient);
    network.setDefault(() => fixture.answer);
    const record = await fixture.enqueue(outbox);
    await engine.syncNow();
    await engine.syncNow();
    expect(writes(network)).toHaveLength(1);
    expect(writes(network)[0]!.idempotencyKey).toBe(record.id);
    // Sent to a route that claims the key (contract/outbox-writes.ts; the server's side is tested there).
    const { method, path } = writes(network)[0]!;
    expect(
      OUTBOX_WRITES.filter((route) => route.startsWith(`${method} `) && apiPathPattern(route.slice(method.length + 1) as ApiRoutePath).test(`/api/${path}`)),
    ).toHaveLength(1);
    expect(await records()).toEqual([]);
    expect(fixture.cached(queryClient)).toEqual(fixture.cachedDelivered);
  });

  it('shows a refusal (4xx) and keeps the record, also after a reload', async () => {
    const { network, queryClient, outbox, engine, records } = device(true);
    fixture.seed(queryClient);
    network.setDefault(() => ({ status: 422, body: { error: REFUSAL } }));
    const record = await fixture.enqueue(outbox);
    await engine.syncNow();
    expect(writes(network)).toHaveLength(1);
    expect(fixture.seen(await records())).toEqual(fixture.seenRefused);
    expect(await outbox.failed()).toEqual([expect.objectContaining({ reason: REFUSAL, status: 422, record: expect.objectContaining({ id: record.id }) })]);
    if (fixture.refusedNotice) expect(useToastStore.getState().toasts.map((t) => t.description)).toContain(fixture.refusedNotice);
    engine.stop();
    db.close();
    expect(await reopened()).toEqual([expect.objectContaining({ id: record.id, state: 'failed', lastError: REFUSAL })]);
  });
});
