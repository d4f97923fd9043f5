import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Interaction, InteractionResult } from '../../contract/attendees';
import { attendeesKeys } from '../features/attendees/api/keys';
import { authKeys } from '../features/auth/api/keys';
import { batchAnswer, fakeNetwork } from '../offline/test-helpers';
import { useToastStore } from '../ui/toast-store';
import { cacheWritingSend } from './outbox-delivery';

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

describe('cacheWritingSend', () => {
  it("writes each accepted item of a batch into the event's interactions, refused ones not", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Interaction[]>(attendeesKeys.interactions(EVENT), []);
    const network = fakeNetwork();
    network.setDefault((request) =>
      batchAnswer(request, (item) => (item.toUserId === 'refused' ? { status: 403, body: { error: 'Only attendees of this event can do this' } } : { status: 201, body: result(item.toUserId) })),
    );
    const send = cacheWritingSend(network.send, queryClient);
    const items = ['one', 'refused', 'two'].map((toUserId) => ({ key: crypto.randomUUID(), type: 'POSITIVE', toUserId, eventId: EVENT }));
    const response = await send({ method: 'POST', path: 'users/interactions/batch', body: { items } });
    expect(response.status).toBe(200);
    const cached = queryClient.getQueryData<Interaction[]>(attendeesKeys.interactions(EVENT))!;
    // Newest first, as the list is.
    expect(cached.map((i) => i.toUser.id)).toEqual(['two', 'one']);
  });

  it("writes the member's answer to an accepted profile edit, and nothing for a refused one", async () => {
    const queryClient = new QueryClient();
    const before = { id: 'ada', firstName: 'Ada', role: 'Dev' };
    queryClient.setQueryData(authKeys.me(), before);
    const network = fakeNetwork();
    network.setDefault((request) =>
      (request.body as { role?: string }).role === 'bad'
        ? { status: 400, body: { error: 'Invalid content detected', field: 'role' } }
        : { status: 200, body: { ...before, ...(request.body as object) } },
    );
    const send = cacheWritingSend(network.send, queryClient);
    await send({ method: 'PATCH', path: 'users/me', body: { role: 'bad' }, idempotencyKey: crypto.randomUUID() });
    expect(queryClient.getQueryData(authKeys.me())).toEqual(before);
    await send({ method: 'PATCH', path: 'users/me', body: { role: 'Lead' }, idempotencyKey: crypto.randomUUID() });
    expect(queryClient.getQueryData(authKeys.me())).toEqual({ ...before, role: 'Lead' });
  });

  it('tells the member when a queued connect landed, or was refused for good; a lost answer says nothing yet', async () => {
    const queryClient = new QueryClient();
    const network = fakeNetwork();
    const send = cacheWritingSend(network.send, queryClient);
    const descriptions = () => useToastStore.getState().toasts.map((t) => t.description);
    const connect = { method: 'POST' as const, path: `users/${EVENT}/connect/abc`, idempotencyKey: crypto.randomUUID() };
    useToastStore.setState({ toasts: [] });
    network.queue({ status: 0 });
    await send(connect);
    expect(descriptions()).toEqual([]);
    network.queue({ status: 200, body: { connected: true, newConnection: true } });
    await send(connect);
    expect(descriptions()).toEqual(["You've successfully connected with this user."]);
    network.queue({ status: 404, body: { error: 'User not found' } });
    await send(connect);
    expect(descriptions()).toContain('Failed to connect with user. Please try again later.');
  });
});
