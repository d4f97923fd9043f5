import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, RETRY_AFTER_MAX_MS, backoffDelay, classifyStatus, parseRetryAfter } from './retry';

describe('retry policy', () => {
  it('full jitter stays in [0, min(cap, base * 2^(n-1)))', () => {
    for (let attempts = 1; attempts <= 20; attempts++) {
      const ceiling = Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (attempts - 1));
      expect(backoffDelay(attempts, () => 0)).toBe(0);
      expect(backoffDelay(attempts, () => 0.999999)).toBeLessThan(ceiling);
      expect(backoffDelay(attempts, () => 0.999999)).toBeGreaterThanOrEqual(ceiling - 1);
      const d = backoffDelay(attempts);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(ceiling);
    }
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('999999', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('classifies statuses', () => {
    expect([200, 201, 204].map(classifyStatus)).toEqual(['done', 'done', 'done']);
    expect([0, 408, 429, 500, 502, 503].map(classifyStatus)).toEqual(Array(6).fill('retry'));
    expect(classifyStatus(401)).toBe('pause');
    expect([400, 403, 404, 409, 422].map(classifyStatus)).toEqual(Array(5).fill('fail'));
  });
});
