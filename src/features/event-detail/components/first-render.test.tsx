import '../../../test/dompurify-happy-dom';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../../contract/first-screen';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { EventDetailPage } from './EventDetailPage';

/**
 * A signed-in member's page carries the answers its first screen reads (server/http/first-screen.ts):
 * the event page's first render shows the event from them, with no loading state in between and no
 * request for what the page already holds.
 */

const api = stubApiPerFile();
const event = makeEventItem({ name: 'Nordic Fintech Summit', isRegistered: false });

function embed(answers: Array<{ path: string; body: unknown }>) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_SCREEN_DATA_ID;
  block.textContent = JSON.stringify(answers);
  document.body.append(block);
}

beforeEach(() => {
  openPage(api, `/events/${event.id}`);
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on(`GET /api/events/${event.id}`, { status: 200, body: event });
  api.on(`GET /api/events/${event.id}/attendees/my-connections`, { status: 200, body: [] });
});

describe('the event page with its answers embedded', () => {
  it('shows the event in its first render and asks the network for neither the event nor the member', () => {
    embed([
      { path: 'users/me', body: makeMe() },
      { path: `events/${event.id}`, body: event },
    ]);
    renderWithProviders(<EventDetailPage eventId={event.id} />);
    // Not found by waiting: the render that mounted the page already has it.
    expect(screen.getByRole('heading', { level: 1, name: 'Nordic Fintech Summit' })).toBeTruthy();
    const asked = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(asked).not.toContain(`GET /api/events/${event.id}`);
    expect(asked).not.toContain('GET /api/users/me');
  });

  it('without them, the page loads as usual: a loading state, then the event from the network', async () => {
    renderWithProviders(<EventDetailPage eventId={event.id} />);
    expect(screen.queryByRole('heading', { level: 1, name: 'Nordic Fintech Summit' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Fintech Summit' })).toBeTruthy();
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /api/events/${event.id}`);
  });
});
