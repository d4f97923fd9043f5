import { describe, expect, it } from 'vitest';
import { changesSession } from './session-watch';

const ORIGIN = 'https://mingle.example';
const post = (path: string) => changesSession({ method: 'POST', url: `${ORIGIN}${path}` }, ORIGIN);

describe('calls that change who is signed in', () => {
  it('are the logout and both code verifications', () => {
    expect(post('/api/oauth/logout')).toBe(true);
    expect(post('/api/login/pin/verify')).toBe(true);
    expect(post('/api/signup/pin/verify')).toBe(true);
  });

  it('are not code requests, other writes, reads or other origins', () => {
    expect(post('/api/login/pin/request')).toBe(false);
    expect(post('/api/signup/pin/request')).toBe(false);
    expect(post('/api/users/interactions/positive')).toBe(false);
    expect(changesSession({ method: 'GET', url: `${ORIGIN}/api/oauth/logout` }, ORIGIN)).toBe(false);
    expect(changesSession({ method: 'POST', url: 'https://elsewhere.example/api/oauth/logout' }, ORIGIN)).toBe(false);
  });
});
