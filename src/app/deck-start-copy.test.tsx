import 'fake-indexeddb/auto';
import '../test/dompurify-happy-dom';
import { render, screen, waitFor } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeckPage } from '../../contract/attendees';
import { attendeesKeys } from '../features/attendees/api/keys';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { eventDetailKeys } from '../features/event-detail/api/keys';
import { authKeys } from '../lib/signed-in-member';
import { createQueryClient } from '../lib/query-client';
import { outboxDb, type OutboxDb, type OutboxRecord } from '../offline/db';
import { readEventRecordsCopy } from '../offline/event-records-copy';
import { keepEventRecordsCopy, outboxAddMark } from '../offline/keep-event-records-copy';
import { markOutboxAdding } from '../offline/keep-outbox-summary';
import { candidate, meetServer, watchShownText } from '../test/attendee-fixtures';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { stubPrefersReducedMotion } from '../test/reduced-motion';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { OutboxProvider } from './outbox/OutboxProvider';
import { outboxModulesAsked } from './outbox/outbox-modules';
import { Providers } from './providers';

/**
 * An offline start of the Meet page with a swipe waiting, on a phone whose IndexedDB is slow to
 * open (here: not before the test is over): the deck shows from the copy of the event's records
 * kept in localStorage, without the queued swipe's card.
 */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace');
const ALAN = candidate('c2', 'Alan');
const ME = makeMe();

const api = stubApiPerFile();

beforeAll(() => stubPrefersReducedMotion());
beforeEach(() => {
  openPage(api, `/events/${EVENT}/connect`);
  api.on('GET /api/users/me', { status: 503, body: { error: 'offline' } });
  meetServer(api, EVENT, [GRACE, ALAN]);
});

const queuedSwipe: OutboxRecord = {
  id: 'r1',
  userId: ME.id,
  kind: 'swipe',
  payload: { eventId: EVENT, toUserId: GRACE.id, direction: 'right' },
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 1,
  lastError: null,
  state: 'pending',
};

function restoredCache() {
  const client = createQueryClient();
  client.setQueryData(authKeys.me(), ME);
  client.setQueryData(eventDetailKeys.event(EVENT), makeEventItem({ id: EVENT, isRegistered: true }));
  const deck: InfiniteData<DeckPage, string | null> = { pages: [{ attendees: [GRACE, ALAN], nextCursor: null }], pageParams: [null] };
  client.setQueryData(attendeesKeys.deck(EVENT), deck);
  client.setQueryData(attendeesKeys.interactions(EVENT), []);
  return client;
}

describe('the deck on a start with a swipe waiting and its records copied', () => {
  it('shows the first card not swiped while IndexedDB has not opened, never the queued one', async () => {
    // The summary says a record waits; the copy says which.
    markOutboxAdding(ME.id);
    keepEventRecordsCopy(ME.id, EVENT, outboxAddMark(ME.id), [queuedSwipe]);
    expect(readEventRecordsCopy(ME.id, EVENT)).toHaveLength(1);
    // The database opens only when the test is over (a slow phone, a long time): until then the deck has only the copy.
    const opens: Array<() => void> = [];
    const open = vi
      .spyOn(outboxDb(), 'open')
      .mockImplementation(() => new Promise((_resolve, reject) => opens.push(() => reject(new Error('The test is over')))) as ReturnType<OutboxDb['open']>);
    const shown = watchShownText();
    render(
      <Providers client={restoredCache()}>
        <OutboxProvider>
          <MeetAttendeesPage eventId={EVENT} />
        </OutboxProvider>
      </Providers>,
    );

    expect(await screen.findByRole('article', { name: 'Alan Tester' })).toBeTruthy();
    expect(shown.everShown('Grace Tester')).toBe(false);
    // The outbox is asked for after the cards, and its database has still not answered.
    await waitFor(() => expect(opens.length).toBeGreaterThan(0));
    expect(screen.getByRole('article', { name: 'Alan Tester' })).toBeTruthy();
    expect(shown.everShown('Grace Tester')).toBe(false);
    shown.stop();
    open.mockRestore();
    for (const fail of opens) fail();
    await outboxModulesAsked();
  });
});
