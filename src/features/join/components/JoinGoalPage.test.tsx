import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { makeEventItem } from '../../../test/event-fixtures';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { JoinGoalPage } from './JoinGoalPage';

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
  openPage(api, GOAL_PATH);
  api.on('GET /api/events/public/e1', (_body, query) =>
    query.get('secret') === 's3cret' ? { status: 200, body: makeEventItem() } : { status: 404, body: { error: 'Event not found' } },
  );
});

const GOAL_PATH = '/events/e1/join/s3cret/goal';
const signedIn = (overrides: Parameters<typeof makeMe>[0] = {}) => api.on('GET /api/users/me', { status: 200, body: makeMe(overrides) });
const signedOut = () => api.on('GET /api/users/me', { status: 401, body: { error: 'Not authenticated' } });
const render = () => renderWithProviders(<JoinGoalPage eventId="e1" secret="s3cret" />);
const joins = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/events/e1/join');
const path = () => window.location.pathname;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('join page, anonymous visitor', () => {
  it('shows the event and the log-in and sign-up forms, and joins nothing', async () => {
    signedOut();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Summit' })).toBeTruthy();
    expect(screen.getByText('Mar 5, 2030')).toBeTruthy();
    expect(screen.getByText('Stockholm, Sweden')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Sign up' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByLabelText('First name')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
    const summary = api.requests.find((r) => r.path === '/api/events/public/e1');
    expect(summary?.query.get('secret')).toBe('s3cret');
    await settle();
    expect(joins()).toHaveLength(0);
  });

  it("says 'Event Not Found' for a link that does not work", async () => {
    signedOut();
    renderWithProviders(<JoinGoalPage eventId="e1" secret="wrong" />);
    expect(await screen.findByRole('heading', { name: 'Event Not Found' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Sign up' })).toBeNull();
  });
});

describe('join page, signed-in member', () => {
  it('joins once with the secret and an empty goal, then asks for the goal', async () => {
    signedIn();
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    render();
    expect(await screen.findByText("You've successfully joined the event.")).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Your goal for this event' })).toBeTruthy();
    await settle();
    expect(joins().map((r) => r.body)).toEqual([{ secret: 's3cret', goal: '' }]);
  });

  it("treats 400 as already registered: 'Already registered' and the goal form", async () => {
    signedIn();
    api.on('POST /api/events/e1/join', { status: 400, body: { error: 'Already registered' } });
    render();
    expect(await screen.findByText('Already registered')).toBeTruthy();
    expect(screen.getByText("You're already signed up for this event!")).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Add goal' })).toBeTruthy();
    await settle();
    expect(joins()).toHaveLength(1);
  });

  it('says the join failed on other errors and can try again', async () => {
    signedIn();
    let answer = { status: 500, body: { error: 'Internal server error' } as object };
    api.on('POST /api/events/e1/join', () => answer);
    render();
    expect(await screen.findByText('Failed to join the event. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add goal' })).toBeNull();
    answer = { status: 201, body: makeEventItem({ isRegistered: true }) };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add goal' })).toBeTruthy();
    expect(joins()).toHaveLength(2);
  });

  it('sends a member without role or story to /complete-profile, remembering this page, without joining', async () => {
    signedIn({ role: null, story: null });
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    render();
    await waitFor(() => expect(path()).toBe('/complete-profile'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe(GOAL_PATH);
    await settle();
    expect(joins()).toHaveLength(0);
  });

  it('waits for the terms to be accepted before joining', async () => {
    signedIn({ consents: [] });
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    render();
    expect(await screen.findByText('Accept the terms and privacy policy to join the event.')).toBeTruthy();
    await settle();
    expect(joins()).toHaveLength(0);
  });

  it("'Add goal' saves the goal and goes to /events/{id}/connect", async () => {
    signedIn();
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    api.on('PATCH /api/events/e1/attendee', (body) => ({ status: 200, body }));
    render();
    const input = await screen.findByRole('textbox', { name: 'Your goal for this event' });
    const add = screen.getByRole('button', { name: 'Add goal' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(input, { target: { value: ' Meet founders ' } });
    fireEvent.click(add);
    await waitFor(() => expect(path()).toBe('/events/e1/connect'));
    expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ goal: 'Meet founders' });
  });

  it('says when the goal could not be added, and stays', async () => {
    signedIn();
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    api.on('PATCH /api/events/e1/attendee', { status: 500, body: { error: 'Internal server error' } });
    render();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Your goal for this event' }), { target: { value: 'Meet founders' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add goal' }));
    expect(await screen.findByText('Failed to add your goal. Please try again.')).toBeTruthy();
    expect(path()).toBe(GOAL_PATH);
  });

  it("'Connect with attendees' skips the goal", async () => {
    signedIn();
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect with attendees' }));
    await waitFor(() => expect(path()).toBe('/events/e1/connect'));
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });
});

describe("join page, the event's creator", () => {
  const asCreator = () =>
    api.on('GET /api/events/public/e1', { status: 200, body: makeEventItem({ isRegistered: true, createdByMe: true, name: 'Fika Founders' }) });

  it("speaks to the creator, and 'Invite people' copies the join link with a notice where there is no share sheet", async () => {
    signedIn();
    asCreator();
    api.on('POST /api/events/e1/join', { status: 400, body: { error: 'Already registered' } });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    render();
    expect(await screen.findByText('Your event')).toBeTruthy();
    expect(screen.queryByText("You're invited to")).toBeNull();
    expect(await screen.findByRole('heading', { name: "Your event is ready. What's your goal?" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite people' }));
    expect(await screen.findByText('Invite link copied')).toBeTruthy();
    expect(screen.getByText('Send it to the people you want at Fika Founders.')).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/events/e1/join/s3cret`]);
    // The page knows the secret: it was opened by it.
    expect(api.requests.filter((r) => r.path.endsWith('/request-join-secret'))).toHaveLength(0);
    expect(joins()).toHaveLength(0);
  });

  it('hands the link to the share sheet where there is one', async () => {
    signedIn();
    asCreator();
    api.on('POST /api/events/e1/join', { status: 400, body: { error: 'Already registered' } });
    const shared: ShareData[] = [];
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void shared.push(data) });
    try {
      render();
      fireEvent.click(await screen.findByRole('button', { name: 'Invite people' }));
      await waitFor(() => expect(shared).toHaveLength(1));
      expect(shared[0]).toMatchObject({ title: 'Fika Founders', url: `${window.location.origin}/events/e1/join/s3cret` });
      await settle();
      expect(screen.queryByText('Invite link copied')).toBeNull();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });
});
