import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { makeEventItem } from '../test/event-fixtures';
import { consent, makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { App } from './App';

/** The join flow through the whole app: routes, guards, the consent dialog and profile completion. */

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
  openPage(api, GOAL_PATH);
  api.on('GET /api/events/public/e1', (_body, query) =>
    query.get('secret') === 's3cret' ? { status: 200, body: makeEventItem() } : { status: 404, body: { error: 'Event not found' } },
  );
});

const GOAL_PATH = '/events/e1/join/s3cret/goal';
const signedOut = () => api.on('GET /api/users/me', { status: 401, body: { error: 'Not authenticated' } });
const joins = () => api.requests.filter((r) => r.method === 'POST' && r.path === '/api/events/e1/join');
const path = () => window.location.pathname;

describe('join links in the app', () => {
  it('/events/{id}/join/{secret} opens the goal page, also for a visitor', async () => {
    signedOut();
    openPage(api, '/events/e1/join/s3cret');
    renderWithProviders(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Product Summit' })).toBeTruthy();
    expect(path()).toBe(GOAL_PATH);
    expect(screen.getByRole('tab', { name: 'Sign up' })).toBeTruthy();
  });

  it('a visitor who signs up here stays, meets the consent dialog, then completes the profile and is brought back', async () => {
    signedOut();
    const newMember = makeMe({ role: null, story: null, consents: [] });
    api.on('POST /api/signup/pin/request', { status: 200, body: { sent: true, expiresInSeconds: 600 } });
    api.on('POST /api/signup/pin/verify', { status: 201, body: newMember });
    api.on('POST /api/users/consents', { status: 201, body: [consent('terms'), consent('privacy')] });
    api.on('PATCH /api/users/me', (body) => ({ status: 200, body: makeMe(body as object) }));
    api.on('POST /api/events/e1/join', { status: 201, body: makeEventItem({ isRegistered: true }) });
    renderWithProviders(<App />);

    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });

    // Signed up: still on the join page, blocked by the consent dialog, nothing joined yet.
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    expect(path()).toBe(GOAL_PATH);
    expect(joins()).toHaveLength(0);
    fireEvent.click(within(dialog).getByLabelText('I accept the Terms of Service'));
    fireEvent.click(within(dialog).getByLabelText('I accept the Privacy Policy'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    // Then the profile, and back here, where the member is joined.
    await waitFor(() => expect(path()).toBe('/complete-profile'));
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe(GOAL_PATH);
    expect(joins()).toHaveLength(0);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Engineer' } });
    fireEvent.change(screen.getByLabelText('Story'), { target: { value: 'I build analytical engines.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(path()).toBe(GOAL_PATH));
    expect(await screen.findByRole('button', { name: 'Add goal' })).toBeTruthy();
    expect(joins().map((r) => r.body)).toEqual([{ secret: 's3cret', goal: '' }]);
  });
});
