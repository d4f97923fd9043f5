import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicProfile } from '../../../../contract/profiles';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { PUBLIC_PROFILE_RETRIES } from '../api/get-public-profile';
import { connectAtEventText } from '../connect-toasts';
import { PublicProfilePage } from './PublicProfilePage';

const api = stubApiPerFile();
const OWNER = '11111111-1111-4111-8111-111111111111';
const SECRET = 'abcDEF_123-xyz';
const ME = makeMe();

const profile = (overrides: Partial<PublicProfile> = {}): PublicProfile => ({
  id: OWNER,
  firstName: 'Grace',
  lastName: 'Hopper',
  imageUrl: null,
  role: 'Compiler pioneer',
  story: 'I like to teach.',
  location: null,
  locationDisplay: { name: 'Stockholm', country: 'SE' },
  connectionCount: 12,
  eventCount: 3,
  connected: false,
  events: [],
  ...overrides,
});

function open() {
  openPage(api, `/users/${OWNER}/public/${SECRET}`);
  api.on('GET /api/users/me', { status: 200, body: ME });
  return renderWithProviders(<PublicProfilePage userId={OWNER} secret={SECRET} />);
}
const toasts = () => useToastStore.getState().toasts.map((t) => t.description ?? t.title);

describe('a shared profile', () => {
  it('shows the profile with its place and counts, and connects through the link, then goes to the feed', async () => {
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, { status: 200, body: profile() });
    api.on(`POST /api/users/${OWNER}/connect/${SECRET}`, { status: 200, body: { connected: true, newConnection: true } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('Stockholm, Sweden')).toBeTruthy();
    expect(screen.getByText('Network').nextElementSibling?.textContent).toBe('12');
    expect(screen.getByText('Events', { selector: 'dt' }).nextElementSibling?.textContent).toBe('3');
    expect(screen.getByText("This user hasn't registered for any events yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(window.location.pathname).toBe('/feed'));
    expect(toasts()).toContain("You've successfully connected with this user.");
  });

  it('opens without a secret for a member met at an event: no Connect, and how to connect instead; 404 says who can see it', async () => {
    api.on(`GET /api/users/${OWNER}/public`, { status: 200, body: profile() });
    openPage(api, `/users/${OWNER}`);
    api.on('GET /api/users/me', { status: 200, body: ME });
    const { unmount } = renderWithProviders(<PublicProfilePage userId={OWNER} secret={null} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText(connectAtEventText('Grace'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    unmount();

    api.on(`GET /api/users/${OWNER}/public`, { status: 404, body: { error: 'User not found' } });
    renderWithProviders(<PublicProfilePage userId={OWNER} secret={null} />);
    expect(await screen.findByText('Their profile shows to members who attend an event with them.')).toBeTruthy();
  });

  it("lists the member's events under 'Events': upcoming soonest first, then past ones after the divider", async () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => new Date(Date.now() + days * day).toISOString();
    const events = [
      { id: 'a', name: 'Last year', dateTime: at(-300), endDateTime: null },
      { id: 'b', name: 'Next month', dateTime: at(30), endDateTime: null },
      { id: 'c', name: 'Tomorrow', dateTime: at(1), endDateTime: at(1.1) },
    ];
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, { status: 200, body: profile({ events }) });
    open();
    const card = await screen.findByRole('region', { name: 'Events' });
    expect([...card.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      expect.stringContaining('Tomorrow'),
      expect.stringContaining('Next month'),
      expect.stringMatching(/^Past Events.*Last year/),
    ]);
    expect(screen.getByRole('link', { name: 'Tomorrow' }).getAttribute('href')).toBe('/events/c');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('says when the connection failed, and stays', async () => {
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, { status: 200, body: profile() });
    api.on(`POST /api/users/${OWNER}/connect/${SECRET}`, { status: 500, body: { error: 'Internal server error' } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(toasts()).toContain('Failed to connect with user. Please try again later.'));
    expect(window.location.pathname).toBe(`/users/${OWNER}/public/${SECRET}`);
  });

  it("has no Connect for a connection, nor on the member's own link", async () => {
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, { status: 200, body: profile({ connected: true }) });
    open();
    expect(await screen.findByText("You're connected.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See their contact details' }).getAttribute('href')).toBe(`/connections/${OWNER}`);
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
  });

  it("answers an out-of-date link with 'User not found' at once, without retrying", async () => {
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, { status: 404, body: { error: 'User not found' } });
    open();
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(api.requests.filter((r) => r.path.endsWith(`/public/${SECRET}`))).toHaveLength(1);
  });

  it("tries a failing load 2 more times a second apart, then says 'Error loading profile' with Retry", async () => {
    let calls = 0;
    api.on(`GET /api/users/${OWNER}/public/${SECRET}`, () => {
      calls += 1;
      return calls <= PUBLIC_PROFILE_RETRIES + 1 ? { status: 503, body: { error: 'Unavailable' } } : { status: 200, body: profile() };
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Error loading profile' }, { timeout: 4000 })).toBeTruthy();
    expect(calls).toBe(PUBLIC_PROFILE_RETRIES + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
  });
});
