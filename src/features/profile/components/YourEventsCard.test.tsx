import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventListItem, EventListResponse } from '../../../../contract/events';
import { makeEventItem } from '../../../test/event-fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { YourEventsCard } from './YourEventsCard';

const api = stubApiPerFile();
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const event = (id: string, days: number): EventListItem => makeEventItem({ id, name: `Event ${id}`, dateTime: inDays(days), endDateTime: null });

function show(events: EventListItem[]) {
  openPage(api, '/profile');
  const body: EventListResponse = {
    events,
    total: events.length,
    page: 1,
    limit: events.length,
    attendeeConnections: {},
    userSubscription: { hasProAccess: false },
  };
  api.on('GET /api/events/my-events', { status: 200, body });
  renderWithProviders(<YourEventsCard onCreate={() => {}} />);
}
const names = () =>
  within(within(screen.getByRole('region', { name: 'Your Events' })).getByRole('list'))
    .getAllByText(/^Event /)
    .map((element) => element.textContent);

describe("'Your Events'", () => {
  it("shows 3, then all with 'Show More', upcoming first and past ones under 'Past Events'", async () => {
    show([event('past-old', -30), event('late', 20), event('past-recent', -3), event('soon', 2), event('mid', 9)]);
    expect(await screen.findByText('Event soon')).toBeTruthy();
    expect(names()).toEqual(['Event soon', 'Event mid', 'Event late']);
    expect(screen.queryByRole('separator')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(names()).toEqual(['Event soon', 'Event mid', 'Event late', 'Event past-recent', 'Event past-old']);
    expect(screen.getByRole('separator').textContent).toBe('Past Events');
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(names()).toHaveLength(3);
  });

  it('says so when the member has no events', async () => {
    show([]);
    expect(await screen.findByText("You haven't registered for any events yet.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it("keeps the event and says 'Failed to leave the event. Please try again.' when the server refuses", async () => {
    show([event('soon', 2)]);
    api.on('DELETE /api/users/me/events/soon', { status: 500, body: { error: 'Internal server error' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave Event soon' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Leave event' })).getByRole('button', { name: 'Leave event' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.description)).toContain('Failed to leave the event. Please try again.'));
    expect(screen.getByText('Event soon')).toBeTruthy();
  });

  it('offers Delete, with a dialog that says it deletes it for everyone, only for an event the member created', async () => {
    show([event('soon', 2), makeEventItem({ id: 'mine', name: 'Event mine', dateTime: inDays(3), endDateTime: null, createdByMe: true })]);
    api.on('DELETE /api/users/me/events/mine', { status: 204, body: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Leave Event soon' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Event soon' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Event mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Event' });
    expect(dialog.textContent).toContain('deleting it removes it for everyone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Event deleted'));
    await waitFor(() => expect(screen.queryByText('Event mine')).toBeNull());
  });
});
