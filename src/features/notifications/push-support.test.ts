import { describe, expect, it } from 'vitest';
import { keyBytes, pushSupport, type BrowserFacts } from './push-support';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const chromium: BrowserFacts = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  platform: 'Linux x86_64',
  maxTouchPoints: 0,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default',
};
const safariTab: BrowserFacts = {
  userAgent: IPHONE,
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  hasServiceWorker: true,
  hasPushManager: false,
  permission: undefined,
};

describe('push support', () => {
  it('is there in desktop and Android browsers, blocked once the member said no', () => {
    expect(pushSupport(chromium)).toBe('available');
    expect(pushSupport({ ...chromium, permission: 'denied' })).toBe('blocked');
  });

  it("on iPhone and iPad in Safari's tab, needs the app on the home screen", () => {
    expect(pushSupport(safariTab)).toBe('needs-home-screen');
    // iPadOS says it is a Mac; its touch points give it away.
    expect(pushSupport({ ...safariTab, userAgent: MAC, platform: 'MacIntel' })).toBe('needs-home-screen');
    expect(pushSupport({ ...safariTab, standalone: true, hasPushManager: true, permission: 'default' })).toBe('available');
  });

  it('is missing in browsers without the Push API', () => {
    expect(pushSupport({ ...chromium, hasPushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...safariTab, userAgent: MAC, platform: 'MacIntel', maxTouchPoints: 0 })).toBe('unsupported');
  });

  it('turns the base64url key into its bytes', () => {
    expect([...keyBytes('BAEC_-8')]).toEqual([4, 1, 2, 255, 239]);
  });
});
