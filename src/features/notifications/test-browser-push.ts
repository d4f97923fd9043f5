/**
 * A stand-in for the browser's push machinery in happy-dom, which has none: the Notification
 * permission, a service worker registration and its PushManager. It records what was asked of it.
 */
export interface FakeBrowserPush {
  permissionAsked: number;
  subscribedWith: BufferSource | string | null | undefined;
  unsubscribed: number;
  uninstall(): void;
}

export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example/send/device-1',
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
};

/** `silentPushService`: subscribing never answers, as when the browser cannot reach its push service. */
export function installFakeBrowserPush(
  answer: NotificationPermission = 'granted',
  initial: NotificationPermission = 'default',
  { silentPushService = false } = {},
): FakeBrowserPush {
  const fake: FakeBrowserPush = { permissionAsked: 0, subscribedWith: null, unsubscribed: 0, uninstall };
  let permission = initial;
  let subscription: object | null = null;
  const made = {
    options: { applicationServerKey: null },
    toJSON: () => FAKE_SUBSCRIPTION,
    unsubscribe: async () => {
      fake.unsubscribed++;
      subscription = null;
      return true;
    },
  };
  const registration = {
    active: {},
    pushManager: {
      getSubscription: async () => subscription,
      subscribe: async (options: PushSubscriptionOptionsInit) => {
        fake.subscribedWith = options.applicationServerKey;
        if (silentPushService) return new Promise<never>(() => {});
        subscription = made;
        return made;
      },
    },
  };
  const g = globalThis as Record<string, unknown>;
  g.Notification = {
    get permission() {
      return permission;
    },
    requestPermission: async () => {
      fake.permissionAsked++;
      permission = answer;
      return answer;
    },
  };
  g.PushManager = function PushManager() {};
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  function uninstall() {
    delete g.Notification;
    delete g.PushManager;
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  }
  return fake;
}
