import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { SubscribeCalendarButton } from './SubscribeCalendarButton';

const api = stubApiPerFile();
const FIRST = 'https://mingle.example/api/calendar/first-secret.ics';
const SECOND = 'https://mingle.example/api/calendar/second-secret.ics';
const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

async function openDialog() {
  openPage(api, '/profile');
  api.on('GET /api/users/me/calendar-feed', { status: 200, body: { url: FIRST } });
  renderWithProviders(<SubscribeCalendarButton />);
  // The profile's first screen asks for nothing: the link is fetched when the member asks for it.
  expect(api.requests).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to my events' }));
  return screen.findByRole('dialog', { name: 'Subscribe to my events' });
}

describe("'Subscribe to my events'", () => {
  it('asks for the link only when pressed, then offers it as webcal:// and copies the https URL', async () => {
    const dialog = await openDialog();
    const open = await within(dialog).findByRole('link', { name: 'Open in calendar app' });
    expect(open.getAttribute('href')).toBe('webcal://mingle.example/api/calendar/first-secret.ics');
    expect((within(dialog).getByRole('textbox', { name: 'Calendar link' }) as HTMLInputElement).value).toBe(FIRST);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(toastTitles()).toContain('Link copied!'));
    expect(await navigator.clipboard.readText()).toBe(FIRST);
  });

  it('resets the link only after the member confirms that the old one stops working', async () => {
    api.on('POST /api/users/me/calendar-feed/rotate', { status: 200, body: { url: SECOND } });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Reset link' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset calendar link?' });
    expect(confirm.textContent).toContain('The old link stops working at once');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);

    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Subscribe to my events' })).findByRole('button', { name: 'Reset link' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reset calendar link?' })).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(toastTitles()).toContain('New calendar link'));
    const after = await screen.findByRole('dialog', { name: 'Subscribe to my events' });
    expect(within(after).getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      'webcal://mingle.example/api/calendar/second-secret.ics',
    );
    expect(api.requests.filter((r) => r.path === '/api/users/me/calendar-feed/rotate')).toHaveLength(1);
  });

  it("says what failed and offers 'Retry' when the link cannot be fetched", async () => {
    openPage(api, '/profile');
    api.on('GET /api/users/me/calendar-feed', { status: 500, body: { error: 'Internal server error' } });
    renderWithProviders(<SubscribeCalendarButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to my events' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to my events' });
    expect(await within(dialog).findByRole('button', { name: 'Retry' }, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reset link' })).toBeNull();
  });
});
