import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { openPage } from '../../test/stub-api';
import { stubApiPerFile } from '../../test/stub-api-per-file';
import { offerNotificationsAfterConnection } from './offer-after-connection';
import { PROMPT_DISMISSED_KEY } from './prompt-offer';
import { FAKE_SUBSCRIPTION, installFakeBrowserPush, type FakeBrowserPush } from './test-browser-push';

/** The prompt after a new connection: offered once it makes sense, never asking the browser by itself. */

const api = stubApiPerFile();
let browser: FakeBrowserPush | null = null;
afterEach(() => {
  for (const button of screen.queryAllByRole('button', { name: /Not now|Close|OK/ })) act(() => button.click());
  browser?.uninstall();
  browser = null;
});

const offer = () => act(() => offerNotificationsAfterConnection(createQueryClient()));
const prompt = () => screen.queryByRole('region', { name: /Get notified about new connections/ });

describe('the prompt after a connection', () => {
  it("is shown without asking the browser; 'Not now' is remembered and it stays away", async () => {
    browser = installFakeBrowserPush('granted');
    offer();
    expect(prompt()).toBeTruthy();
    expect(browser.permissionAsked).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(prompt()).toBeNull());
    expect(Number(localStorage.getItem(PROMPT_DISMISSED_KEY))).toBeGreaterThan(0);
    offer();
    expect(prompt()).toBeNull();
  });

  it("'Turn on notifications' asks the browser then, subscribes this device and says it is done", async () => {
    openPage(api, '/events');
    api.on('GET /api/push/public-key', { status: 200, body: { publicKey: 'BAEC_-8' } });
    api.on('PUT /api/push/subscription', { status: 204 });
    api.on('GET /api/push/settings', { status: 200, body: { newConnection: true, eventReminder: true, thisDevice: true } });
    browser = installFakeBrowserPush('granted');
    offer();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('region', { name: 'Notifications are on' })).toBeTruthy();
    expect(browser.permissionAsked).toBe(1);
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toEqual(FAKE_SUBSCRIPTION);
  });

  it('is not offered once the member answered the browser, nor where there are no notifications', () => {
    browser = installFakeBrowserPush('granted', 'granted');
    offer();
    expect(prompt()).toBeNull();
    browser.uninstall();
    browser = null;
    offer();
    expect(prompt()).toBeNull();
  });
});
