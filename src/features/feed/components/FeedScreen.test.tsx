import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedActivity, FeedPage } from '../../../../contract/feed';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { renderWithProviders } from '../../../test/render';
import { FeedScreen } from './FeedScreen';

/** /feed against a stub API: wording, paging on, the empty and error states. */

const api = stubApiPerFile();
const DAY = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function activity(i: number, extra: Partial<FeedActivity> = {}): FeedActivity {
  return {
    id: `a${i}`,
    type: 'connection',
    createdAt: ago(i * 60_000),
    userId: `u${i}`,
    firstName: `Person${i}`,
    lastName: 'Tester',
    imageUrl: null,
    ...extra,
  };
}

describe('the feed screen', () => {
  it("words connections and registrations, 'is going to' upcoming and 'was going to' past events, with links", async () => {
    const page: FeedPage = {
      activities: [
        activity(1, {
          type: 'connection-attending-event',
          eventId: 'e1',
          eventName: 'Fintech Breakfast',
          eventDateTime: new Date(Date.now() + 2 * DAY).toISOString(),
          eventEndDateTime: null,
        }),
        activity(2, {
          type: 'connection-attending-event',
          eventId: 'e2',
          eventName: 'AI Meetup',
          createdAt: ago(5 * DAY),
          eventDateTime: ago(2 * DAY),
          eventEndDateTime: null,
        }),
        activity(3),
      ],
      nextCursor: null,
    };
    api.on('GET /api/feed', { status: 200, body: page });
    renderWithProviders(<FeedScreen />);
    const first = await screen.findByRole('article', { name: 'Person1 Tester' });
    expect(first.textContent).toContain('Person1 Tester is going to Fintech Breakfast');
    expect(within(first).getByRole('link', { name: 'Fintech Breakfast' }).getAttribute('href')).toBe('/events/e1');
    expect(within(first).getByRole('link', { name: 'Person1 Tester' }).getAttribute('href')).toBe('/connections/u1');
    expect(screen.getByRole('article', { name: 'Person2 Tester' }).textContent).toContain('Person2 Tester was going to AI Meetup');
    expect(screen.getByRole('article', { name: 'Person3 Tester' }).textContent).toContain('You connected with Person3 Tester');
    expect(screen.getByRole('heading', { name: 'Your feed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your connections' }).getAttribute('href')).toBe('/connections');
  });

  it('asks for the next page with the cursor and shows it after the first', async () => {
    api.on('GET /api/feed', (_body, query) =>
      query.get('cursor') === 'next-1'
        ? { status: 200, body: { activities: [activity(3)], nextCursor: null } }
        : { status: 200, body: { activities: [activity(1), activity(2)], nextCursor: 'next-1' } },
    );
    renderWithProviders(<FeedScreen />);
    await screen.findByRole('article', { name: 'Person1 Tester' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('article', { name: 'Person3 Tester' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Person1 Tester', 'Person2 Tester', 'Person3 Tester']);
    expect(api.requests.filter((r) => r.path === '/api/feed').map((r) => r.query.get('cursor'))).toEqual([null, 'next-1']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it("shows the empty state with 'Browse events' to the find tab", async () => {
    api.on('GET /api/feed', { status: 200, body: { activities: [], nextCursor: null } });
    renderWithProviders(<FeedScreen />);
    expect(await screen.findByText('Your network activity will appear here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse events' }).getAttribute('href')).toBe('/events?tab=find');
  });

  it('says when the feed cannot be loaded and loads it again on Retry', async () => {
    api.on('GET /api/feed', { status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<FeedScreen />);
    expect(await screen.findByText('Error loading feed')).toBeTruthy();
    api.on('GET /api/feed', { status: 200, body: { activities: [activity(1)], nextCursor: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Person1 Tester' })).toBeTruthy());
  });
});
