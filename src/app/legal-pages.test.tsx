import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { makeMe } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { App } from './App';

/** The Terms of Service and the Privacy Policy: public pages, reachable from the consent dialog. */

const api = stubApiPerFile();
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
});

const start = (path: string) => {
  openPage(api, path);
  return renderWithProviders(<App />);
};

describe('legal pages', () => {
  it('open signed out, without being sent to /auth, with their own title', async () => {
    api.on('GET /api/users/me', { status: 401, body: { error: 'Not authenticated' } });
    start('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Who sees what' })).toBeTruthy();
    expect(window.location.pathname).toBe('/privacy');
    await waitFor(() => expect(document.title).toBe('Privacy Policy · Mingle'));
    // Without configuration the operator's details are labelled as the demo's placeholders.
    expect(screen.getByText(/This is a demonstration installation/)).toBeTruthy();

    fireEvent.click(screen.getAllByRole('link', { name: 'Terms of Service' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Terms of Service · Mingle'));
  });

  // Back to the dialog (history.back) is shown in the browser test: happy-dom's history does not go back.
  it('open from the consent dialog, which is not shown over them', async () => {
    api.on('GET /api/users/me', { status: 200, body: makeMe({ consents: [] }) });
    start('/events');
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Read the Terms of Service' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(window.location.pathname).toBe('/terms');
    expect(screen.queryByRole('dialog', { name: 'Before you start' })).toBeNull();
  });
});
