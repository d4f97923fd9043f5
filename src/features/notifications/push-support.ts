/**
 * Whether this browser can get notifications from the app, and if not, what to tell the member.
 * iPhone and iPad allow web push only to an app added to the home screen and opened from there
 * (iOS 16.4+); in Safari's tab there is no PushManager at all.
 */
export type PushSupport = 'available' | 'needs-home-screen' | 'unsupported' | 'blocked';

export interface BrowserFacts {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** navigator.standalone (iOS) or display-mode: standalone. */
  standalone: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  /** Notification.permission, or undefined without the Notification API. */
  permission: NotificationPermission | undefined;
}

/** iPadOS presents itself as a Mac; only its touch points tell it apart. */
export function isIos(facts: Pick<BrowserFacts, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  return /iPad|iPhone|iPod/.test(facts.userAgent) || (facts.platform === 'MacIntel' && facts.maxTouchPoints > 1);
}

export function pushSupport(facts: BrowserFacts): PushSupport {
  const capable = facts.hasServiceWorker && facts.hasPushManager && facts.permission !== undefined;
  if (isIos(facts) && !facts.standalone && !capable) return 'needs-home-screen';
  if (!capable) return 'unsupported';
  return facts.permission === 'denied' ? 'blocked' : 'available';
}

export function browserFacts(): BrowserFacts {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    platform: nav.platform,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone === true || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
    permission: typeof Notification === 'undefined' ? undefined : Notification.permission,
  };
}

/** The VAPID key as the bytes pushManager.subscribe takes (Safari does not take the string). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}
