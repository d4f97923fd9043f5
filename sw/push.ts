import { parsePushPayload, type PushPayload } from '../contract/push';

declare let self: ServiceWorkerGlobalScope;

const ICON = '/icons/icon-192.png';

/**
 * Chromium's subscriptions promise a visible notification for every push (userVisibleOnly), so a
 * message that is not ours still shows something plain rather than nothing.
 */
const FALLBACK: PushPayload = { kind: 'new-connection', title: 'Mingle', body: 'Something new is waiting for you.', tag: 'mingle', url: '/' };

/** The notification for a push message's text (undefined: the push had no data). */
export function notificationFor(text: string | undefined): { title: string; options: NotificationOptions } {
  const payload = (text === undefined ? undefined : parsePushPayload(text)) ?? FALLBACK;
  return {
    title: payload.title,
    options: { body: payload.body, icon: ICON, badge: ICON, tag: payload.tag, lang: 'en', data: { url: payload.url } },
  };
}

/** The app path a notification opens; only paths of this app, whatever the data holds. */
export function targetOf(data: unknown): string {
  const url = typeof data === 'object' && data !== null ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

type WindowClients = Pick<Clients, 'matchAll' | 'openWindow'>;

/**
 * Whether a push need not be shown: a message (docs/product.md, 'Messages') whose conversation a
 * visible window of the app shows already, where the member reads it as it arrives. Every other
 * push shows.
 */
export async function seenOnScreen(clients: Pick<Clients, 'matchAll'>, origin: string, text: string | undefined): Promise<boolean> {
  const payload = text === undefined ? undefined : parsePushPayload(text);
  if (payload?.kind !== 'message') return false;
  const target = new URL(payload.url, origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  return windows.some((client) => client.visibilityState === 'visible' && client.url.split('#')[0]!.split('?')[0] === target);
}

/** What a push message shows, unless its conversation is on screen (seenOnScreen). */
export async function showPush(
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>,
  clients: Pick<Clients, 'matchAll'>,
  origin: string,
  text: string | undefined,
): Promise<void> {
  if (await seenOnScreen(clients, origin, text)) return;
  const { title, options } = notificationFor(text);
  await registration.showNotification(title, options);
}

/**
 * A tap brings the app forward where it is already open: the window showing the URL as it is, else
 * another window of the app, focused and sent there; with no window open, a new one.
 */
export async function openOrFocus(clients: WindowClients, origin: string, path: string): Promise<void> {
  const target = new URL(path, origin).href;
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const showing = windows.find((client) => client.url === target);
  // focus() may be refused (the browser's time for it after the tap ran out): the window still goes there.
  if (showing) {
    await showing.focus().catch(() => {});
    return;
  }
  const ours = windows.find((client) => new URL(client.url).origin === origin);
  if (ours) {
    const focused = await ours.focus().catch(() => ours);
    // navigate() works only on a window this worker controls; an uncontrolled one gets a new window.
    const moved = await focused.navigate(target).catch(() => null);
    if (moved) return;
  }
  await clients.openWindow(target);
}

export function showPushNotifications(): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(showPush(self.registration, self.clients, self.location.origin, event.data?.text()));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openOrFocus(self.clients, self.location.origin, targetOf(event.notification.data)));
  });
}
