import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { consent, makeMe } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { DataPreferencesDialog } from './DataPreferencesDialog';

const api = stubApiPerFile();
const MARKETING = consent('event_marketing');

function open(consents = makeMe().consents, aiConsent: boolean | null = null) {
  openPage(api, '/profile');
  api.on('GET /api/users/me', { status: 200, body: makeMe({ consents }) });
  api.on('GET /api/ai-recommendations/consent', { status: 200, body: { consent: aiConsent } });
  renderWithProviders(<DataPreferencesDialog open onClose={() => {}} />);
}
const toasts = () => useToastStore.getState().toasts.map((t) => t.description);
const box = (name: RegExp) => screen.findByRole('checkbox', { name });

describe('Manage Data Preferences & Consents', () => {
  it('shows the consents in force, and saves one turned on', async () => {
    open([...makeMe().consents, MARKETING]);
    expect((await box(/Event marketing/)) as HTMLInputElement).toHaveProperty('checked', true);
    api.on('POST /api/users/consents', { status: 201, body: [consent('product_updates')] });
    const updates = (await box(/Product updates/)) as HTMLInputElement;
    expect(updates.checked).toBe(false);
    fireEvent.click(updates);
    expect(updates.checked).toBe(true);
    await waitFor(() => expect(api.requests.some((r) => r.method === 'POST' && r.path === '/api/users/consents')).toBe(true));
    expect(api.requests.find((r) => r.path === '/api/users/consents')?.body).toEqual({ consents: [{ type: 'product_updates' }] });
  });

  it("puts a revoked consent's box back and says 'Failed to revoke consent' when the server refuses", async () => {
    open([...makeMe().consents, MARKETING]);
    api.on(`PUT /api/users/consents/${MARKETING.id}`, { status: 500, body: { error: 'Internal server error' } });
    const marketing = (await box(/Event marketing/)) as HTMLInputElement;
    fireEvent.click(marketing);
    expect(marketing.checked).toBe(false);
    await waitFor(() => expect(toasts()).toContain('Failed to revoke consent'));
    expect(marketing.checked).toBe(true);
  });

  it("says 'Failed to update preferences' when a consent cannot be saved", async () => {
    open();
    api.on('POST /api/users/consents', { status: 500, body: { error: 'Internal server error' } });
    fireEvent.click(await box(/Product updates/));
    await waitFor(() => expect(toasts()).toContain('Failed to update preferences'));
    expect(((await box(/Product updates/)) as HTMLInputElement).checked).toBe(false);
  });

  it('turns AI recommendations on and off through their own call; a server with AI off says so', async () => {
    open(undefined, true);
    const ai = (await box(/AI recommendations/)) as HTMLInputElement;
    expect(ai.checked).toBe(true);
    api.on('PUT /api/ai-recommendations/consent', { status: 200, body: { consent: false } });
    fireEvent.click(ai);
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PUT' && r.path === '/api/ai-recommendations/consent')?.body).toEqual({ consent: false }));
    await waitFor(() => expect(ai.disabled).toBe(false));
    expect(ai.checked).toBe(false);

    api.on('PUT /api/ai-recommendations/consent', { status: 503, body: { error: 'AI recommendations temporarily unavailable', code: 'AI_DISABLED' } });
    fireEvent.click(ai);
    await waitFor(() => expect(toasts()).toContain('AI recommendations temporarily unavailable'));
    expect(ai.checked).toBe(false);
  });

  it('keeps the analytics choice on this device', async () => {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'essential');
    open();
    const analytics = (await box(/Analytics cookies/)) as HTMLInputElement;
    expect(analytics.checked).toBe(false);
    fireEvent.click(analytics);
    expect(localStorage.getItem(STORAGE_KEYS.cookieConsent)).toBe('all');
  });

  it('asks for a code before an account can be deleted, and can be cancelled', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText(/It cannot be undone/)).toBeTruthy();
    api.on('POST /api/login/pin/request', { status: 200, body: { message: 'Code sent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('textbox', { name: 'Code sent to ada@example.com' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/login/pin/request')?.body).toEqual({ email: 'ada@example.com' });
    expect((screen.getByRole('button', { name: 'Delete my account for good' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});
