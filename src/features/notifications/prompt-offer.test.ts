import { describe, expect, it } from 'vitest';
import { PROMPT_QUIET_MS, promptOffer } from './prompt-offer';

const now = Date.UTC(2026, 10, 25);

describe('the notifications prompt after a connection', () => {
  it('is offered while the browser would still ask', () => {
    expect(promptOffer({ support: 'available', permission: 'default', dismissedAt: null, now })).toBe('enable');
  });

  it('is not offered once the member answered the browser, or where notifications cannot work', () => {
    expect(promptOffer({ support: 'available', permission: 'granted', dismissedAt: null, now })).toBeNull();
    expect(promptOffer({ support: 'blocked', permission: 'denied', dismissedAt: null, now })).toBeNull();
    expect(promptOffer({ support: 'unsupported', permission: undefined, dismissedAt: null, now })).toBeNull();
  });

  it('on iOS outside the home-screen app, tells how to get them instead', () => {
    expect(promptOffer({ support: 'needs-home-screen', permission: undefined, dismissedAt: null, now })).toBe('home-screen');
  });

  it("stays away for 30 days after 'Not now', then may come back", () => {
    const dismissed = (ago: number) => String(now - ago);
    expect(promptOffer({ support: 'available', permission: 'default', dismissedAt: dismissed(PROMPT_QUIET_MS - 1), now })).toBeNull();
    expect(promptOffer({ support: 'needs-home-screen', permission: undefined, dismissedAt: dismissed(1000), now })).toBeNull();
    expect(promptOffer({ support: 'available', permission: 'default', dismissedAt: dismissed(PROMPT_QUIET_MS + 1), now })).toBe('enable');
    expect(promptOffer({ support: 'available', permission: 'default', dismissedAt: 'junk', now })).toBe('enable');
  });
});
