import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { CookieBanner } from './CookieBanner';

const api = stubApiPerFile();

function open(signedIn: boolean) {
  localStorage.removeItem(STORAGE_KEYS.cookieConsent);
  openPage(api, '/events');
  api.on('GET /api/users/me', signedIn ? { status: 200, body: makeMe() } : { status: 401, body: { error: 'Unauthorized' } });
  renderWithProviders(<CookieBanner />);
}

describe("the cookie banner's 'Manage consent'", () => {
  it('opens a dialog where analytics start off; saving the choice closes the banner and keeps it', async () => {
    open(true);
    fireEvent.click(screen.getByRole('button', { name: 'Manage consent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage consent' });
    expect(dialog).toBeTruthy();
    const analytics = screen.getByRole('checkbox', { name: /Analytics cookies/ }) as HTMLInputElement;
    expect(analytics.checked).toBe(false);
    // A signed-in member also chooses their e-mails here.
    expect(await screen.findByRole('checkbox', { name: /Product updates/ })).toBeTruthy();
    fireEvent.click(analytics);
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('all');
  });

  it('Cancel leaves the choice open; a visitor sees only the cookie choice', async () => {
    open(false);
    fireEvent.click(screen.getByRole('button', { name: 'Manage consent' }));
    await screen.findByRole('dialog', { name: 'Manage consent' });
    expect(screen.queryByRole('checkbox', { name: /Product updates/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage consent' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBeNull();
  });
});
