import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventListItem } from '../../../../contract/events';
import type { Recommendation, RecommendationsAnswer } from '../../../../contract/recommendations';
import { makeMe } from '../../../test/fixtures';
import { renderSettledPerTest } from '../../../test/render-settled';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { Recommendations } from './Recommendations';

/** The events list's AI recommendations block against a stub API (docs/product.md sections 2, 4 and 8). */

const api = stubApiPerFile();
const render_ = renderSettledPerTest();
const toasts = () => useToastStore.getState().toasts.map((t) => t.description);
const block = () => screen.getByRole('region', { name: 'AI recommendations' });

function pick(n: number, matchScore: number, locked = false): Recommendation {
  const event: EventListItem = locked
    ? {
        id: `e${n}`,
        isProOnly: true,
        locationDisplay: null,
        previewData: { imageUrl: null, dateTime: '2027-03-05T09:00:00.000Z', aiGeneratedBlurb: null, location: 'Oslo' },
      }
    : {
        id: `e${n}`,
        isProOnly: false,
        locationDisplay: { name: 'Stockholm', country: 'SE' },
        eventData: { id: `e${n}`, name: `Event ${n}`, dateTime: '2027-03-05T09:00:00.000Z', endDateTime: null } as EventListItem['eventData'],
      };
  return { eventId: `e${n}`, event, matchScore, motivation: `Reason ${n}` };
}

function batch(picks: Recommendation[], hasMoreBatches: boolean): RecommendationsAnswer {
  return { recommendations: picks, lastUpdated: new Date().toISOString(), totalRecommendations: 9, hasMoreBatches };
}

function show(options: { consent?: boolean | null; pro?: boolean; status?: number } = {}) {
  api.on('GET /api/users/me', { status: 200, body: makeMe({ hasProAccess: options.pro ?? false }) });
  api.on(
    'GET /api/ai-recommendations/status',
    options.status ? { status: options.status, body: { error: 'Boom' } } : { status: 200, body: { aiEnabled: true, model: false } },
  );
  api.on('GET /api/ai-recommendations/consent', { status: 200, body: { consent: options.consent === undefined ? true : options.consent } });
  return render_(<Recommendations />);
}

beforeEach(() => openPage(api, '/events'));

describe('AI recommendations', () => {
  it('shows the picks with their score colours and reasons; a locked one only as PRO', async () => {
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 93), pick(2, 81), pick(3, 72, true)], true) });
    show();
    const cards = await screen.findAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/events/e1', '/events/e2', '/events/e3']);
    expect(within(cards[0]!).getByText('93% match').className).toContain('recommendation-score--green');
    expect(within(cards[1]!).getByText('81% match').className).toContain('recommendation-score--blue');
    expect(within(cards[2]!).getByText('72% match').className).toContain('recommendation-score--yellow');
    expect(within(cards[0]!).getByText('Reason 1')).toBeTruthy();
    expect(within(cards[2]!).getByText('This event is for Pro users only')).toBeTruthy();
    expect(within(block()).getByRole('switch', { name: 'AI enabled' }).getAttribute('aria-checked')).toBe('true');
  });

  it('asks first when the member has not decided, and shows the picks once they opt in', async () => {
    show({ consent: null });
    api.on('PUT /api/ai-recommendations/consent', { status: 200, body: { consent: true } });
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 60)], false) });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable AI recommendations' }));
    expect(await screen.findByText('Event 1')).toBeTruthy();
    expect(screen.getByText('60% match').className).toContain('recommendation-score--grey');
    expect(screen.queryByRole('button', { name: 'Load more recommendations' })).toBeNull();
  });

  it('offers PRO to a free member who wants more, and loads batch 2 for a PRO member', async () => {
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 90), pick(2, 85), pick(3, 80)], true) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more recommendations' }));
    expect(await screen.findByRole('dialog', { name: 'Unlock more recommendations' })).toBeTruthy();
    expect(api.requests.some((r) => r.path.includes('/pro/batch/'))).toBe(false);
  });

  it('PRO: the next batch is added; a failed one says so and keeps the picks', async () => {
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 90), pick(2, 85), pick(3, 80)], true) });
    api.on('GET /api/ai-recommendations/pro/batch/2', { status: 200, body: batch([pick(4, 79), pick(5, 78), pick(6, 77)], true) });
    show({ pro: true });
    await screen.findByText('Event 3');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/users/me')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Load more recommendations' }));
    expect(await screen.findByText('Event 6')).toBeTruthy();
    api.on('GET /api/ai-recommendations/pro/batch/3', { status: 500, body: { error: 'Boom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load more recommendations' }));
    await waitFor(() => expect(toasts()).toContain('Failed to load more recommendations'));
    expect(screen.getAllByRole('link')).toHaveLength(6);
  });

  it('says it cannot load them, with Retry', async () => {
    api.on('GET /api/ai-recommendations/top-3', { status: 500, body: { error: 'Boom' } });
    show();
    expect(await screen.findByText('Unable to load recommendations at the moment. Please try again')).toBeTruthy();
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 90)], false) });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Event 1')).toBeTruthy();
  });

  it('is hidden when the status call fails', async () => {
    const { container } = show({ status: 500 });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/api/ai-recommendations/status')).toBe(true));
    await waitFor(() => expect(container.querySelector('.recommendations')).toBeNull());
    expect(screen.queryByText('AI recommendations')).toBeNull();
  });

  it("turned off: 'AI disabled', a note, and the picks are gone", async () => {
    api.on('GET /api/ai-recommendations/top-3', { status: 200, body: batch([pick(1, 90)], false) });
    show();
    await screen.findByText('Event 1');
    api.on('PUT /api/ai-recommendations/consent', { status: 200, body: { consent: false } });
    fireEvent.click(screen.getByRole('switch', { name: 'AI enabled' }));
    expect(await screen.findByRole('switch', { name: 'AI disabled' })).toBeTruthy();
    expect(screen.getByText(/AI recommendations are turned off/)).toBeTruthy();
    expect(screen.queryByText('Event 1')).toBeNull();
  });
});
