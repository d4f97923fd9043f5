import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openPage, startStubApi, type StubApi } from '../../../test/stub-api';
import { useToastStore } from '../../../ui/toast-store';
import { todayInputValue } from '../create-event-form';
import { CreateEventPage } from './CreateEventPage';

let api: StubApi;
beforeAll(async () => {
  api = await startStubApi();
});
afterAll(() => api.close());
beforeEach(() => openPage(api, '/events/create'));
afterEach(() => {
  cleanup();
  api.reset();
  useToastStore.setState({ toasts: [] });
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const nextYear = `${new Date().getFullYear() + 1}-06-15`;

describe('/events/create', () => {
  it("shows the dialog's text and fields, with today as the earliest date and 09:00 / 17:00", () => {
    renderWithProviders(<CreateEventPage />);
    expect(screen.getByText('Fill in the details below to create a new event. This will only be visible to your connections.')).toBeTruthy();
    for (const label of ['Event Name', 'Start Date', 'Start Time', 'End Date (Optional)', 'End Time (Optional)', 'Event URL']) {
      expect(input(label)).toBeTruthy();
    }
    expect(input('Start Date').min).toBe(todayInputValue());
    expect(input('End Date (Optional)').min).toBe(todayInputValue());
    expect(input('Start Time').value).toBe('09:00');
    expect(input('End Time (Optional)').value).toBe('17:00');
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeTruthy();
  });

  it('says what is missing under each field and sends nothing', async () => {
    renderWithProviders(<CreateEventPage />);
    type('Start Time', '');
    fireEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event name is required')).toBeTruthy();
    expect(screen.getByText('Event date is required')).toBeTruthy();
    expect(screen.getByText('Event time is required')).toBeTruthy();
    expect(screen.getByText('Event URL is required')).toBeTruthy();
    expect(input('Event Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests).toHaveLength(0);

    type('Event Name', 'Breakfast');
    expect(screen.queryByText('Event name is required')).toBeNull();
  });

  it('creates the event and opens its join goal page', async () => {
    api.on('POST /api/events/user-added', { status: 201, body: { id: 'e42', joinSecret: 'sec42' } });
    renderWithProviders(<CreateEventPage />);
    type('Event Name', ' Design systems breakfast ');
    type('Start Date', nextYear);
    type('End Date (Optional)', nextYear);
    type('Event URL', 'breakfast.example');
    fireEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByRole('button', { name: 'Creating...' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/events/e42/join/sec42/goal'));
    const [year, month, day] = nextYear.split('-').map(Number) as [number, number, number];
    expect(api.requests[0]?.body).toEqual({
      name: 'Design systems breakfast',
      dateTime: new Date(year, month - 1, day, 9, 0).toISOString(),
      endDateTime: new Date(year, month - 1, day, 17, 0).toISOString(),
      eventUrl: 'https://breakfast.example',
      imageUrl: '/media/events/community.svg',
      location: 'See event details',
      description: expect.stringContaining('community'),
      // The creator's time zone, as the device names it: meeting times at the event are offered in it.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it('says when creating failed', async () => {
    api.on('POST /api/events/user-added', { status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<CreateEventPage />);
    type('Event Name', 'Breakfast');
    type('Start Date', nextYear);
    type('Event URL', 'https://breakfast.example');
    fireEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to create event. Please try again.')).toBeTruthy();
    expect(window.location.pathname).toBe('/events/create');
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeTruthy();
  });
});
