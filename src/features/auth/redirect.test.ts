import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { planSignInRedirect, redirectAfterSignIn } from './redirect';

const complete = { role: 'Product designer', story: 'I design tools for event organisers.' };
const none = { afterLogin: null, afterProfile: null };

describe('planSignInRedirect', () => {
  it('sends a member without role or story to /complete-profile and moves the saved redirect', () => {
    expect(planSignInRedirect({ role: null, story: null }, { afterLogin: '/events/7', afterProfile: null })).toEqual({
      to: '/complete-profile',
      saved: { afterLogin: null, afterProfile: '/events/7' },
    });
    expect(planSignInRedirect({ role: 'CTO', story: '  ' }, { afterLogin: '/feed', afterProfile: null }).to).toBe('/complete-profile');
    expect(planSignInRedirect({ role: '', story: 'About me' }, none).to).toBe('/complete-profile');
  });

  it('keeps an earlier post-profile redirect when nothing newer is saved', () => {
    expect(planSignInRedirect({ role: null, story: null }, { afterLogin: null, afterProfile: '/events/3' }).saved).toEqual({
      afterLogin: null,
      afterProfile: '/events/3',
    });
  });

  it('moves a given target to the post-profile redirect when no redirect is saved', () => {
    expect(planSignInRedirect({ role: null, story: null }, none, '/events/9/join/s/goal').saved.afterProfile).toBe('/events/9/join/s/goal');
  });

  it('goes to the saved redirect first and uses it up', () => {
    expect(planSignInRedirect(complete, { afterLogin: '/users/1/public/abc', afterProfile: null }, '/feed')).toEqual({
      to: '/users/1/public/abc',
      saved: { afterLogin: null, afterProfile: null },
    });
  });

  it('goes to the given target when nothing is saved', () => {
    expect(planSignInRedirect(complete, none, '/events/5').to).toBe('/events/5');
  });

  it('goes to /events?tab=find by default', () => {
    expect(planSignInRedirect(complete, none).to).toBe('/events?tab=find');
  });

  it('ignores redirects that leave the site or lead back to sign-in', () => {
    expect(planSignInRedirect(complete, { afterLogin: '//evil.example/x', afterProfile: null }).to).toBe('/events?tab=find');
    expect(planSignInRedirect(complete, { afterLogin: '/auth', afterProfile: null }, 'https://evil.example').to).toBe('/events?tab=find');
  });
});

describe('redirectAfterSignIn', () => {
  beforeEach(() => localStorage.clear());

  it('moves the post-login redirect to the post-profile one in storage', () => {
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/events/42');
    expect(redirectAfterSignIn({ role: null, story: null })).toBe('/complete-profile');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterProfile)).toBe('/events/42');
  });

  it('uses up the post-login redirect of a complete profile', () => {
    localStorage.setItem(STORAGE_KEYS.redirectAfterLogin, '/feed');
    expect(redirectAfterSignIn(complete)).toBe('/feed');
    expect(localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
    expect(redirectAfterSignIn(complete)).toBe('/events?tab=find');
  });
});
