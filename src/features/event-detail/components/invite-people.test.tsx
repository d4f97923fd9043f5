import '../../../test/dompurify-happy-dom';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { EventDetailPage } from './EventDetailPage';

const api = stubApiPerFile();
const copied: string[] = [];
beforeEach(() => {
  openPage(api, '/events/e1');
  api.on('GET /api/users/me', { status: 200, body: makeMe() });
  api.on('GET /api/events/e1/attendees/my-connections', { status: 200, body: [] });
  api.on('GET /api/events/e1/request-join-secret', { status: 200, body: { secret: 'j0in' } });
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
});
afterEach(() => {
  delete (navigator as { clipboard?: unknown }).clipboard;
});

const show = (overrides: Parameters<typeof makeEventItem>[0]) => api.on('GET /api/events/e1', { status: 200, body: makeEventItem(overrides) });
const render = () => renderWithProviders(<EventDetailPage eventId="e1" />);

describe("the event page's 'Invite people'", () => {
  it("is offered to the event's creator, and copies the join link it asks the server for", async () => {
    show({ isRegistered: true, createdByMe: true, name: 'Fika Founders' });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
    expect(await screen.findByText('Invite link copied')).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/events/e1/join/j0in`]);
  });

  it('says the member is offline when the link cannot be asked for', async () => {
    show({ isRegistered: true, createdByMe: true });
    render();
    const button = await screen.findByRole('button', { name: 'Invite people' });
    api.on('GET /api/events/e1/request-join-secret', { status: 0 });
    fireEvent.click(button);
    expect(await screen.findByText('Could not share the invite link')).toBeTruthy();
    expect(screen.getByText("You're offline. Connect to the internet and try again.")).toBeTruthy();
    expect(copied).toEqual([]);
  });

  it('is not offered to other attendees, nor after the event', async () => {
    show({ isRegistered: true, createdByMe: false });
    const { unmount } = render();
    expect(await screen.findByText("You're registered")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite people' })).toBeNull();
    unmount();
    show({ isRegistered: true, createdByMe: true, isPast: true });
    render();
    expect(await screen.findByText("You're registered")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite people' })).toBeNull();
  });
});
