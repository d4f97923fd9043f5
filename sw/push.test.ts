import { describe, expect, it } from 'vitest';
import { notificationFor, openOrFocus, showPush, targetOf } from './push';

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

describe('a message push in the service worker', () => {
  const message = (from: string) =>
    JSON.stringify({ kind: 'message', title: 'Ada Byron', body: 'Coffee at 3?', tag: `message-${from}`, url: `/messages/${from}` });

  /** Windows with their visibility, and a registration recording what it showed. */
  function setup(...windows: Array<{ url: string; visibilityState: 'visible' | 'hidden' }>) {
    const shown: Array<{ title: string; tag: string | undefined }> = [];
    const registration = {
      showNotification: async (title: string, options?: NotificationOptions) => {
        shown.push({ title, tag: options?.tag });
      },
    };
    const clients = { matchAll: async () => windows as unknown as Client[] } as unknown as Pick<Clients, 'matchAll'>;
    return { registration, clients, shown };
  }

  it('is not shown while a visible window of the app shows that conversation', async () => {
    const { registration, clients, shown } = setup({ url: `${ORIGIN}/messages/a1`, visibilityState: 'visible' });
    await showPush(registration, clients, ORIGIN, message('a1'));
    expect(shown).toEqual([]);
  });

  it('is shown, one per conversation by its tag, when that conversation is hidden, elsewhere or not open', async () => {
    for (const windows of [
      [{ url: `${ORIGIN}/messages/a1`, visibilityState: 'hidden' as const }],
      [{ url: `${ORIGIN}/messages/b2`, visibilityState: 'visible' as const }],
      [{ url: `${ORIGIN}/messages`, visibilityState: 'visible' as const }],
      [{ url: 'https://other.example/messages/a1', visibilityState: 'visible' as const }],
      [],
    ]) {
      const { registration, clients, shown } = setup(...windows);
      await showPush(registration, clients, ORIGIN, message('a1'));
      expect(shown, JSON.stringify(windows)).toEqual([{ title: 'Ada Byron', tag: 'message-a1' }]);
    }
  });

  it('leaves every other kind of push as it was: shown whatever the windows show', async () => {
    const { registration, clients, shown } = setup({ url: `${ORIGIN}/connections/b`, visibilityState: 'visible' });
    const connection = { kind: 'new-connection', title: 'Congratulations! 🎉', body: 'x', tag: 'connection-b', url: '/connections/b' };
    await showPush(registration, clients, ORIGIN, JSON.stringify(connection));
    await showPush(registration, clients, ORIGIN, undefined);
    expect(shown.map((n) => n.tag)).toEqual(['connection-b', 'mingle']);
  });
});
