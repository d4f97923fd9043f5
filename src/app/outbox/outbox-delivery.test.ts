import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../contract/first-screen';
import type { Connection, Interaction, InteractionResult } from '../../../contract/attendees';
import { attendeesKeys } from '../../features/attendees/api/keys';
import { eventDetailKeys } from '../../features/event-detail/api/keys';
import { authKeys } from '../../lib/signed-in-member';
import { profileKeys } from '../../features/profile/api/keys';
import type { OutboxKind, OutboxRecord } from '../../offline/db';
import type { RecordOf } from '../../offline/mutations/mutation';
import { classifyStatus } from '../../offline/retry';
import { fakeNetwork } from '../../offline/test-helpers';
import { hasFirstScreenAnswers } from '../../lib/first-screen-data';
import { useToastStore } from '../../ui/toast-store';
import { cacheWritingAnswers, firstScreenEndingSend, refusalHandler } from './outbox-delivery';

const EVENT = '11111111-1111-4111-8111-111111111111';

const result = (toUserId: string): InteractionResult => ({
  interaction: {
    id: `int-${toUserId}`,
    type: 'POSITIVE',
    eventId: EVENT,
    toUser: { id: toUserId, firstName: 'Grace', lastName: 'Tester', imageUrl: null },
    createdAt: '2026-01-01T10:00:00.000Z',
    connected: false,
  },
  newConnection: null,
});

let created = 0;
/** A record being sent, as the engine hands it over with its answer. */
const record = <K extends OutboxKind>(kind: K, payload: RecordOf<K>['payload']): OutboxRecord =>
  ({
    id: crypto.randomUUID(),
    userId: 'ada',
    createdAt: ++created,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    state: 'sending',
    kind,
    payload,
  }) as OutboxRecord;
const swipe = (toUserId: string) => record('swipe', { eventId: EVENT, toUserId, direction: 'right' });
const answer = (status: number, body: unknown = null) => ({ status, body, retryAfter: null, outcome: classifyStatus(status) });
const deliver = (queryClient: QueryClient, sent: OutboxRecord, status: number, body?: unknown) =>
  cacheWritingAnswers(queryClient)([{ record: sent, answer: answer(status, body) }]);

describe('the outbox delivery', () => {
  it("makes the page's embedded first-screen answers unusable once it sends a write, as the api client's writes do", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_SCREEN_DATA_ID;
    block.textContent = JSON.stringify([{ path: `events/${EVENT}/attendees/my-connections`, body: [] }]);
    document.body.append(block);
    expect(hasFirstScreenAnswers()).toBe(true);
    const network = fakeNetwork();
    network.setDefault(() => ({ status: 201, body: result('one') }));
    await firstScreenEndingSend(network.send)({ method: 'POST', path: 'users/interactions/positive', body: { toUserId: 'one', eventId: EVENT } });
    expect(hasFirstScreenAnswers()).toBe(false);
  });

  it("writes each accepted item of a batch into the event's interactions, refused ones not", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(EVENT), []);
    const sent = ['one', 'refused', 'two'].map(swipe);
    await cacheWritingAnswers(queryClient)(
      sent.map((r) =>
        r.kind === 'swipe' && r.payload.toUserId === 'refused'
          ? { record: r, answer: answer(403, { error: 'Only attendees of this event can do this' }) }
          : { record: r, answer: answer(201, result(r.kind === 'swipe' ? r.payload.toUserId : '')) },
      ),
    );
    const cached = queryClient.getQueryData<Interaction[]>(attendeesKeys.interactions(EVENT))!;
    // Newest first, as the list is.
    expect(cached.map((i) => i.toUser.id)).toEqual(['two', 'one']);
  });

  it("writes the member's answer to an accepted profile edit, and nothing for a refused one", async () => {
    const queryClient = new QueryClient();
    const before = { id: 'ada', firstName: 'Ada', role: 'Dev' };
    queryClient.setQueryData(authKeys.me(), before);
    await deliver(queryClient, record('profile', { changes: { role: 'bad' } }), 400, { error: 'Invalid content detected', field: 'role' });
    expect(queryClient.getQueryData(authKeys.me())).toEqual(before);
    await deliver(queryClient, record('profile', { changes: { role: 'Lead' } }), 200, { ...before, role: 'Lead' });
    expect(queryClient.getQueryData(authKeys.me())).toEqual({ ...before, role: 'Lead' });
  });

  it('once a record is refused, reads again what the cache held of it, or discards it, as its kind says', () => {
    const refuse = (refused: OutboxRecord) => {
      const queryClient = new QueryClient();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      const discarded: string[] = [];
      refusalHandler(queryClient, async (id) => void discarded.push(id))(refused);
      return { readAgain: invalidate.mock.calls.map(([filters]) => filters?.queryKey), discarded };
    };
    expect(refuse(record('goal', { eventId: EVENT, goal: 'Refused goal' }))).toEqual({ readAgain: [eventDetailKeys.event(EVENT)], discarded: [] });
    expect(refuse(record('profile', { changes: { role: 'bad' } }))).toEqual({ readAgain: [authKeys.me()], discarded: [] });
    const connect = record('connect', { userId: 'ada', secret: 'rotated' });
    expect(refuse(connect)).toEqual({ readAgain: [], discarded: [connect.id] });
    expect(refuse(swipe('grace'))).toEqual({ readAgain: [], discarded: [] });
    expect(refuse(record('connection-note', { aboutUserId: 'grace', note: 'x' }))).toEqual({ readAgain: [], discarded: [] });
  });

  it('tells the member when a queued connect landed, or was refused for good; a lost answer says nothing yet', async () => {
    const queryClient = new QueryClient();
    const descriptions = () => useToastStore.getState().toasts.map((t) => t.description);
    const connect = record('connect', { userId: EVENT, secret: 'abc' });
    useToastStore.setState({ toasts: [] });
    await deliver(queryClient, connect, 0);
    expect(descriptions()).toEqual([]);
    await deliver(queryClient, connect, 200, { connected: true, newConnection: true });
    expect(descriptions()).toEqual(["You've successfully connected with this user."]);
    await deliver(queryClient, connect, 404, { error: 'User not found' });
    expect(descriptions()).toContain('Failed to connect with user. Please try again later.');
  });

  describe('a read already on its way when a write is accepted', () => {
    /** A read the test answers when it chooses: the server's answer from before or after the write. */
    function pendingReads<T>() {
      const answers: ((value: T) => void)[] = [];
      return {
        queryFn: () => new Promise<T>((resolve) => answers.push(resolve)),
        answer: (index: number, value: T) => answers[index]!(value),
        get asked() {
          return answers.length;
        },
      };
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('does not put a swiped card back: the read from before the swipe is dropped and the list asked again', async () => {
      const queryClient = new QueryClient();
      const reads = pendingReads<Interaction[]>();
      const observer = new QueryObserver(queryClient, { queryKey: attendeesKeys.interactions(EVENT), queryFn: reads.queryFn });
      const seen: (string[] | undefined)[] = [];
      const unsubscribe = observer.subscribe((state) => seen.push(state.data?.map((i) => i.toUser.id)));
      expect(reads.asked).toBe(1);
      await deliver(queryClient, swipe('grace'), 201, result('grace'));
      // The read from before the swipe lands late: the server had no interaction then.
      reads.answer(0, []);
      await settle();
      expect(reads.asked).toBe(2);
      reads.answer(1, [result('grace').interaction]);
      await settle();
      expect(queryClient.getQueryData<Interaction[]>(attendeesKeys.interactions(EVENT))?.map((i) => i.toUser.id)).toEqual(['grace']);
      // No frame showed the list without the swipe once it was accepted.
      expect(seen.filter((ids) => ids !== undefined)).not.toContainEqual([]);
      unsubscribe();
    });

    it('a mutual like: the Connections tab opened after it shows the new connection, not the read from before it', async () => {
      const queryClient = new QueryClient();
      const reads = pendingReads<Connection[]>();
      const options = { queryKey: attendeesKeys.connections(), queryFn: reads.queryFn, staleTime: 5 * 60_000 };
      // The venue prefetch asked for the connections before the like, nobody watching yet.
      void queryClient.prefetchQuery(options);
      const connected = { ...result('grace'), newConnection: { id: 'grace', firstName: 'Grace', lastName: 'Tester', imageUrl: null } } as InteractionResult;
      await deliver(queryClient, swipe('grace'), 201, connected);
      // The tab opens (it always reads again on opening), then the read from before the like lands.
      const tab = new QueryObserver(queryClient, { ...options, refetchOnMount: 'always' });
      const unsubscribe = tab.subscribe(() => {});
      reads.answer(0, []);
      await settle();
      expect(reads.asked).toBe(2);
      reads.answer(1, [{ id: 'grace' } as Connection]);
      await settle();
      expect(tab.getCurrentResult().data?.map((c) => c.id)).toEqual(['grace']);
      unsubscribe();
    });

    it('a queued connect: the profile read made as the network returned, before the connect landed, is asked again', async () => {
      const queryClient = new QueryClient();
      const reads = pendingReads<{ connected: boolean }>();
      const key = profileKeys.publicProfile('ada', 'secret');
      const page = new QueryObserver(queryClient, { queryKey: key, queryFn: reads.queryFn });
      const unsubscribe = page.subscribe(() => {});
      await deliver(queryClient, record('connect', { userId: 'ada', secret: 'secret' }), 200, { connected: true, newConnection: true });
      reads.answer(0, { connected: false });
      await settle();
      expect(reads.asked).toBe(2);
      reads.answer(1, { connected: true });
      await settle();
      expect(page.getCurrentResult().data).toEqual({ connected: true });
      unsubscribe();
    });
  });
});
