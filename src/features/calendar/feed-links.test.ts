import { describe, expect, it } from 'vitest';
import { webcalUrl } from './feed-links';

describe('webcalUrl', () => {
  it('swaps the scheme and keeps host, port, path and secret', () => {
    expect(webcalUrl('https://mingle.example/api/calendar/Ab_-9.ics')).toBe('webcal://mingle.example/api/calendar/Ab_-9.ics');
    expect(webcalUrl('http://127.0.0.1:8080/api/calendar/x.ics')).toBe('webcal://127.0.0.1:8080/api/calendar/x.ics');
  });
});
