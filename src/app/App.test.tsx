import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { App, showsNavigation } from './App';

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
});

const signedOut = () => api.on('GET /api/users/me', { status: 401, body: { error: 'Not authenticated' } });
const signedIn = (overrides: Parameters<typeof makeMe>[0] = {}) => api.on('GET /api/users/me', { status: 200, body: makeMe(overrides) });
const start = (path: string) => {
  openPage(api, path);
  return renderWithProviders(<App />);
};
const path = () => window.location.pathname + window.location.search;

describe('guards', () => {
  it('sends an anonymous visitor of a protected page to /auth and remembers the page', async () => {
    signedOut();
    start('/events?tab=find');
    expect(await screen.findByRole('tab', { name: 'Log in' })).toBeTruthy();
    expect(path()).toBe('/auth');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/events?tab=find');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('returns to the remembered page after logging in', async () => {
    signedOut();
    api.on('POST /api/login/pin/request', { status: 200, body: { sent: true, expiresInSeconds: 600 } });
    api.on('POST /api/login/pin/verify', { status: 200, body: makeMe() });
    start('/feed');
    await screen.findByRole('tab', { name: 'Log in' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeTruthy();
    expect(path()).toBe('/feed');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('sends a signed-in member on /auth to /events?tab=find', async () => {
    signedIn();
    start('/auth');
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(path()).toBe('/events?tab=find');
  });

  it('redirects the old auth paths to /auth', async () => {
    signedOut();
    start('/login');
    await screen.findByRole('tab', { name: 'Log in' });
    expect(path()).toBe('/auth');
  });

  it('sends a member without role or story to /complete-profile, without navigation', async () => {
    signedIn({ role: null, story: null });
    start('/events');
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(path()).toBe('/complete-profile');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe('/events');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('a new sign-up goes to /complete-profile behind the consent dialog', async () => {
    signedOut();
    api.on('POST /api/signup/pin/request', { status: 200, body: { sent: true, expiresInSeconds: 600 } });
    api.on('POST /api/signup/pin/verify', { status: 201, body: makeMe({ role: null, story: null, consents: [] }) });
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/events/7');
    start('/auth?tab=signup');
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    expect(await screen.findByRole('dialog', { name: 'Before you start' })).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/complete-profile'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe('/events/7');
  });
});

describe('shell', () => {
  it('shows the navigation to a signed-in member', async () => {
    signedIn();
    start('/events');
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Events' });
    expect(links.some((link) => link.getAttribute('aria-current') === 'page')).toBe(true);
    expect(screen.getAllByRole('link', { name: 'Feed' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Profile' }).length).toBeGreaterThan(0);
  });

  it('blocks the app with the consent dialog until terms and privacy are accepted', async () => {
    signedIn({ consents: [] });
    start('/events');
    expect(await screen.findByRole('dialog', { name: 'Before you start' })).toBeTruthy();
  });

  it('sends an anonymous visitor of an unknown path to /auth first', async () => {
    signedOut();
    start('/events/123');
    expect(await screen.findByRole('tab', { name: 'Log in' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe('/events/123');
  });

  it('shows Not Found for unknown paths, with a way to the events', async () => {
    signedIn();
    start('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to events' }).getAttribute('href')).toBe('/events');
  });

  it('logs out from the profile page', async () => {
    signedIn();
    api.on('POST /api/oauth/logout', { status: 204 });
    const { client } = start('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    expect(screen.getByText('See you soon!')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Log in' })).toBeTruthy();
    expect(path()).toBe('/auth');
    expect(client.getQueryData(['auth', 'me'])).toBeNull();
  });

  it('hides navigation on auth pages, /complete-profile and when logged out', () => {
    expect(showsNavigation('/events', true)).toBe(true);
    expect(showsNavigation('/events', false)).toBe(false);
    // Still looking the member up: the navigation keeps its place (no layout shift when it arrives).
    expect(showsNavigation('/events', undefined)).toBe(true);
    expect(showsNavigation('/auth', undefined)).toBe(false);
    expect(showsNavigation('/auth', true)).toBe(false);
    expect(showsNavigation('/auth/reset-password', true)).toBe(false);
    expect(showsNavigation('/complete-profile', true)).toBe(false);
    expect(showsNavigation('/week/nordic-startup-week', undefined)).toBe(false);
    expect(showsNavigation('/authors', true)).toBe(true);
  });
});
