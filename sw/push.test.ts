import { describe, expect, it } from 'vitest';
import { notificationFor, openOrFocus, targetOf } from './push';

const ORIGIN = 'https://mingle.example';

/** Windows as the worker's clients API lists them, recording what the handler did with them. */
function windowsAt(...urls: string[]) {
  const log: string[] = [];
  const windows = urls.map((url) => {
    const client = {
      url,
      focus: async () => {
        log.push(`focus ${url}`);
        return client;
      },
      navigate: async (to: string) => {
        log.push(`navigate ${url} -> ${to}`);
        return client;
      },
    };
    return client;
  });
  const clients = {
    matchAll: async () => windows as unknown as Client[],
    openWindow: async (url: string | URL) => {
      log.push(`open ${String(url)}`);
      return null;
    },
  } as unknown as Pick<Clients, 'matchAll' | 'openWindow'>;
  return { clients, log };
}

describe('push notifications in the service worker', () => {
  it("show the payload's title, body and tag, and keep its URL for the tap", () => {
    const payload = {
      kind: 'new-connection',
      title: 'Congratulations! 🎉',
      body: "You're now connected with Bob Berg!",
      tag: 'connection-b',
      url: '/connections/b',
    };
    expect(notificationFor(JSON.stringify(payload))).toEqual({
      title: 'Congratulations! 🎉',
      options: {
        body: "You're now connected with Bob Berg!",
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: 'connection-b',
        lang: 'en',
        data: { url: '/connections/b' },
      },
    });
  });

  it('show something plain for a push that is not ours, and never open another site', () => {
    expect(notificationFor(undefined).title).toBe('Mingle');
    expect(notificationFor('{"kind":"new-connection","title":"x","body":"y","tag":"t","url":"https://evil.example/"}').options.data).toEqual({ url: '/' });
    expect(targetOf({ url: '//evil.example/x' })).toBe('/');
    expect(targetOf({ url: '/events/e1' })).toBe('/events/e1');
    expect(targetOf(null)).toBe('/');
  });

  it('focus the window already showing the URL', async () => {
    const { clients, log } = windowsAt(`${ORIGIN}/feed`, `${ORIGIN}/events/e1`);
    await openOrFocus(clients, ORIGIN, '/events/e1');
    expect(log).toEqual([`focus ${ORIGIN}/events/e1`]);
  });

  it('focus another window of the app and take it to the URL', async () => {
    const { clients, log } = windowsAt('https://other.example/', `${ORIGIN}/feed`);
    await openOrFocus(clients, ORIGIN, '/connections/b');
    expect(log).toEqual([`focus ${ORIGIN}/feed`, `navigate ${ORIGIN}/feed -> ${ORIGIN}/connections/b`]);
  });

  it('open a new window when none of the app is open', async () => {
    const { clients, log } = windowsAt();
    await openOrFocus(clients, ORIGIN, '/events/e1');
    expect(log).toEqual([`open ${ORIGIN}/events/e1`]);
  });
});
