import 'fake-indexeddb/auto';
import '../test/dompurify-happy-dom';
import { render, screen } from '@testing-library/react';
import type { InfiniteData } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeckPage } from '../../contract/attendees';
import { attendeesKeys } from '../features/attendees/api/keys';
import { MeetAttendeesPage } from '../features/attendees/components/MeetAttendeesPage';
import { authKeys } from '../lib/signed-in-member';
import { eventDetailKeys } from '../features/event-detail/api/keys';
import { createQueryClient } from '../lib/query-client';
import { outboxDb } from '../offline/db';
import { createOutbox } from '../offline/outbox';
import { swipeMutation } from '../offline/mutations/swipe';
import { outboxSummaryKey } from '../offline/outbox-summary';
import { candidate, meetServer, watchShownText } from '../test/attendee-fixtures';
import { makeEventItem } from '../test/event-fixtures';
import { makeMe } from '../test/fixtures';
import { stubPrefersReducedMotion } from '../test/reduced-motion';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { OutboxProvider } from './outbox/OutboxProvider';
import { Providers } from './providers';

/**
 * An offline start of the Meet page with swipes still waiting in the outbox (the member swiped at
 * the venue, closed the app and opened it again): the deck shows with the outbox's records, which
 * it reads as it opens, and never shows a card whose swipe is queued.
 */

const EVENT = 'e1';
const GRACE = candidate('c1', 'Grace');
const ALAN = candidate('c2', 'Alan');
const EDSGER = candidate('c3', 'Edsger');
const ME = makeMe();

const api = stubApiPerFile();

beforeAll(() => stubPrefersReducedMotion());
beforeEach(async () => {
  await outboxDb().outbox.clear();
  openPage(api, `/events/${EVENT}/connect`);
  // Offline: every call fails as without network, so the queued swipes stay queued.
  api.on('GET /api/users/me', { status: 503, body: { error: 'offline' } });
  meetServer(api, EVENT, [GRACE, ALAN, EDSGER]);
  api.on(`POST /api/users/interactions/batch`, { status: 503, body: { error: 'offline' } });
  api.on(`POST /api/users/interactions/positive`, { status: 503, body: { error: 'offline' } });
  api.on(`POST /api/users/interactions/negative`, { status: 503, body: { error: 'offline' } });
});
/** A client whose cache already holds the member, the event, the deck and the interactions (restored). */
function restoredCache() {
  const client = createQueryClient();
  client.setQueryData(authKeys.me(), ME);
  client.setQueryData(eventDetailKeys.event(EVENT), makeEventItem({ id: EVENT, isRegistered: true }));
  const deck: InfiniteData<DeckPage, string | null> = { pages: [{ attendees: [GRACE, ALAN, EDSGER], nextCursor: null }], pageParams: [null] };
  client.setQueryData(attendeesKeys.deck(EVENT), deck);
  client.setQueryData(attendeesKeys.interactions(EVENT), []);
  return client;
}

function app(client: ReturnType<typeof restoredCache>) {
  return (
    <Providers client={client}>
      <OutboxProvider>
        <MeetAttendeesPage eventId={EVENT} />
      </OutboxProvider>
    </Providers>
  );
}

const topCard = (name: string) => screen.findByRole('article', { name });

describe('the deck on a start with swipes waiting', () => {
  it('shows the first card not swiped, never the queued one', async () => {
    await createOutbox({ userId: ME.id }).enqueue(swipeMutation, { eventId: EVENT, toUserId: GRACE.id, direction: 'right' });
    expect(localStorage.getItem(outboxSummaryKey(ME.id))).toBe('1');
    const shown = watchShownText();
    render(app(restoredCache()));

    expect(await topCard('Alan Tester')).toBeTruthy();
    expect(shown.everShown('Grace Tester')).toBe(false);
    shown.stop();
  });
});
