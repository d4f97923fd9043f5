import '../../../test/dompurify-happy-dom';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { EventDetailPage } from './EventDetailPage';

const api = stubApiPerFile();
beforeEach(() => {
  openPage(api, '/events/e1');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
});

async function showEvent(fields: Parameters<typeof makeEventItem>[0]) {
  api.on('GET /api/events/e1', { status: 200, body: makeEventItem(fields) });
  renderWithProviders(<EventDetailPage eventId="e1" />);
  await screen.findByRole('heading', { level: 1 });
}

describe("'Add to calendar'", () => {
  it('downloads the event as an .ics file for a registered member', async () => {
    await showEvent({ isRegistered: true });
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/api/events/e1/calendar.ics');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it.each([
    ['before registering', { isRegistered: false }],
    ['after the event', { isRegistered: true, isPast: true }],
    ['without a date', { isRegistered: true, dateTime: null, endDateTime: null }],
  ])('is not offered %s', async (_when, fields) => {
    await showEvent(fields);
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });
});
