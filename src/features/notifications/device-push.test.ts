import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { notificationsKeys } from './api/keys';
import { DevicePushError, PUSH_SERVICE_SILENT_TEXT, PUSH_SERVICE_WAIT_MS, subscribeThisDevice } from './device-push';
import { installFakeBrowserPush, type FakeBrowserPush } from './test-browser-push';

/** Turning notifications on when the browser's push service (a service on the internet) never answers. */

let browser: FakeBrowserPush | null = null;
afterEach(() => {
  vi.useRealTimers();
  browser?.uninstall();
  browser = null;
});

describe('subscribing this device', () => {
  it('gives up after 10 s without the push service, saying what to try', async () => {
    vi.useFakeTimers();
    browser = installFakeBrowserPush('granted', 'default', { silentPushService: true });
    const client = createQueryClient();
    // The server's key is known already: nothing here goes to our server.
    client.setQueryData(notificationsKeys.publicKey(), { publicKey: 'BAEC_-8' });
    let outcome: unknown = 'pending';
    subscribeThisDevice(client).then(
      () => (outcome = 'subscribed'),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(PUSH_SERVICE_WAIT_MS - 1);
    expect(browser.subscribedWith).not.toBeNull();
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(DevicePushError);
    expect((outcome as Error).message).toBe(PUSH_SERVICE_SILENT_TEXT);
  });
});
