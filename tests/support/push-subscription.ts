import type { BrowserContext } from '@playwright/test';

/**
 * The browsers' push services (Google's for Chromium) cannot be reached from the tests (see
 * chromium.ts: every host but this machine resolves to nothing), so PushManager.subscribe would
 * fail. This stands in for that one step of the browser: subscribe() answers a subscription of the
 * shape a push service gives, for the key it was asked with, and getSubscription() finds it again.
 * Messages then reach the worker through the DevTools protocol (ServiceWorker.deliverPushMessage).
 */
export async function standInForPushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (typeof PushManager === 'undefined') return;
    const KEY = 'e2e.pushSubscription';
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const make = (stored: { endpoint: string; serverKey: string }) => {
      const serverKey = Uint8Array.from(atob(stored.serverKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const json = {
        endpoint: stored.endpoint,
        expirationTime: null,
        // A P-256 point and a 16-byte secret, as a browser's subscription has them.
        keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
      };
      return {
        endpoint: stored.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: serverKey.buffer },
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      } as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = localStorage.getItem(KEY);
      return stored ? make(JSON.parse(stored) as { endpoint: string; serverKey: string }) : null;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes =
        typeof key === 'string' ? new TextEncoder().encode(key) : new Uint8Array(key instanceof ArrayBuffer ? key : (key as ArrayBufferView).buffer);
      const stored = { endpoint: `https://push.example/e2e/${crypto.randomUUID()}`, serverKey: toBase64Url(bytes) };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return make(stored);
    };
  });
}
