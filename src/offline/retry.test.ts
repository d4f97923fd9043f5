import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, RETRY_AFTER_MAX_MS, backoffDelay, classifyStatus, parseRetryAfter, retryAfterDelay } from './retry';

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

  it('spreads phones told the same Retry-After over the half after it, never sooner', () => {
    // 2,000 phones of one venue, each with its own random numbers (a seeded generator, so the
    // test is the same every run), are told 'Retry-After: 10' at the same moment.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const delays = Array.from({ length: 2_000 }, () => retryAfterDelay(10_000, random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(10_000);
    expect(Math.max(...delays)).toBeLessThan(15_000);
    // No half second of the 5 s after it takes more than twice its even share (200 of 2,000).
    const buckets = new Array(10).fill(0);
    for (const delay of delays) buckets[Math.floor((delay - 10_000) / 500)]++;
    expect(Math.max(...buckets)).toBeLessThan(400);
    expect(Math.min(...buckets)).toBeGreaterThan(100);
    // A short Retry-After still spreads over a second; none is shorter than asked.
    expect(retryAfterDelay(0, () => 0)).toBe(0);
    expect(retryAfterDelay(0, () => 0.999)).toBe(999);
    expect(retryAfterDelay(1_000, () => 0.5)).toBe(1_500);
  });

  it('classifies statuses', () => {
    expect([200, 201, 204].map(classifyStatus)).toEqual(['done', 'done', 'done']);
    expect([0, 408, 429, 500, 502, 503].map(classifyStatus)).toEqual(Array(6).fill('retry'));
    expect(classifyStatus(401)).toBe('pause');
    expect([400, 403, 404, 409, 422].map(classifyStatus)).toEqual(Array(5).fill('fail'));
  });
});
