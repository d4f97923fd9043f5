import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSettledPerTest } from '../../../test/render-settled';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { FAKE_SUBSCRIPTION, installFakeBrowserPush, type FakeBrowserPush } from '../test-browser-push';
import { NotificationSettings } from './NotificationSettings';

/** The profile's notification settings against a stub API, with the browser's push machinery stood in for. */

const api = stubApiPerFile();
const render = renderSettledPerTest();
const PUBLIC_KEY = 'BAEC_-8';

let browser: FakeBrowserPush | null = null;
afterEach(() => {
  browser?.uninstall();
  browser = null;
});

function serve(settings: { newConnection: boolean; eventReminder: boolean; meetings?: boolean; messages?: boolean; thisDevice: boolean }) {
  let current = { meetings: true, messages: true, ...settings };
  api.on('GET /api/push/settings', () => ({ status: 200, body: current }));
  api.on('PUT /api/push/settings', (body) => {
    current = { ...current, ...(body as object) };
    return { status: 200, body: current };
  });
  api.on('GET /api/push/public-key', { status: 200, body: { publicKey: PUBLIC_KEY } });
  api.on('PUT /api/push/subscription', () => {
    current = { ...current, thisDevice: true };
    return { status: 204 };
  });
  api.on('DELETE /api/push/subscription', () => {
    current = { ...current, thisDevice: false };
    return { status: 204 };
  });
}

const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('notification settings', () => {
  it('shows each kind as the member set it, and saves a change for all their devices', async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: true, thisDevice: false });
    render(<NotificationSettings support="unsupported" />);
    expect(screen.getByRole('status').textContent).toContain('Loading notification settings');
    await screen.findByRole('checkbox', { name: /New connections/ });
    expect(checkbox(/Event reminders/).checked).toBe(true);
    fireEvent.click(checkbox(/Event reminders/));
    // The press shows at once, not after the save starts (a controlled box would snap back meanwhile).
    expect(checkbox(/Event reminders/).checked).toBe(false);
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ newConnection: true, eventReminder: false, meetings: true, messages: true }),
    );
    await waitFor(() => expect(checkbox(/Event reminders/).checked).toBe(false));
    expect(checkbox(/New connections/).checked).toBe(true);
    expect(screen.getByText('This browser cannot show notifications from Mingle.')).toBeTruthy();
  });

  it("has 'Meetings' and 'Messages' switches, saved with the others", async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: false, meetings: true, messages: true, thisDevice: false });
    render(<NotificationSettings support="unsupported" />);
    await screen.findByRole('checkbox', { name: /Meetings/ });
    expect(checkbox(/Meetings/).checked).toBe(true);
    fireEvent.click(checkbox(/Meetings/));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual({ newConnection: true, eventReminder: false, meetings: false, messages: true }),
    );
    await waitFor(() => expect(checkbox(/Meetings/).checked).toBe(false));
    fireEvent.click(checkbox(/^Messages/));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
        newConnection: true,
        eventReminder: false,
        meetings: false,
        messages: false,
      }),
    );
    await waitFor(() => expect(checkbox(/^Messages/).checked).toBe(false));
  });

  it('on iOS outside the home-screen app, says how to get notifications instead of offering them', async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: true, thisDevice: false });
    render(<NotificationSettings support="needs-home-screen" />);
    expect(await screen.findByText(/notifications need Mingle on your home screen/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /On this device/ })).toBeNull();
  });

  it('says when the browser blocks notifications', async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: true, thisDevice: false });
    render(<NotificationSettings support="blocked" />);
    expect(await screen.findByText(/Notifications are blocked for Mingle/)).toBeTruthy();
  });

  it('turns this device on (permission asked on the press, subscribed with the server key) and off again', async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: true, thisDevice: false });
    browser = installFakeBrowserPush('granted');
    render(<NotificationSettings />);
    const device = await screen.findByRole('checkbox', { name: /On this device/ });
    expect(browser.permissionAsked).toBe(0);
    fireEvent.click(device);
    expect(checkbox(/On this device/).checked).toBe(true);
    expect(checkbox(/On this device/).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Turning on notifications on this device…');
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/api/push/settings')).toHaveLength(2));
    expect(checkbox(/On this device/).checked).toBe(true);
    expect(browser.permissionAsked).toBe(1);
    expect([...(browser.subscribedWith as Uint8Array)]).toEqual([4, 1, 2, 255, 239]);
    expect(api.requests.find((r) => r.path === '/api/push/subscription' && r.method === 'PUT')?.body).toEqual(FAKE_SUBSCRIPTION);

    fireEvent.click(checkbox(/On this device/));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(browser!.unsubscribed).toBe(1));
    await waitFor(() => expect(checkbox(/On this device/).checked).toBe(false));
  });

  it('says why when the member refuses the permission', async () => {
    openPage(api, '/profile');
    serve({ newConnection: true, eventReminder: true, thisDevice: false });
    browser = installFakeBrowserPush('denied');
    render(<NotificationSettings />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /On this device/ }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked for Mingle/);
    expect(api.requests.some((r) => r.path === '/api/push/subscription')).toBe(false);
  });

  it('says when the settings cannot be loaded, and tries again on request', async () => {
    openPage(api, '/profile');
    api.on('GET /api/push/settings', { status: 500, body: { error: 'Internal server error' } });
    render(<NotificationSettings support="unsupported" />);
    expect(await screen.findByText('Could not load your notification settings.', {}, { timeout: 10_000 })).toBeTruthy();
    serve({ newConnection: false, eventReminder: true, thisDevice: false });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(checkbox(/New connections/).checked).toBe(false));
  });
});
