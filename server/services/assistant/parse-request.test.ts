import { describe, expect, it } from 'vitest';
import { findTimeSpan, parseRequest, stem } from './parse-request';

const now = new Date('2026-11-25T10:00:00Z'); // a Wednesday

describe('parseRequest', () => {
  it('finds the search words, the place candidates and the time span', () => {
    const parsed = parseRequest('AI meetups in Stockholm next month', now);
    expect(parsed.keywords).toEqual(['ai', 'meetups', 'stockholm']);
    expect(parsed.placeCandidates).toContain('stockholm');
    expect(parsed.span).toMatchObject({ label: 'next month', from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
  });

  it('reads this week, next week, tomorrow, the weekend, a named month and none', () => {
    expect(findTimeSpan('anything this week?', now)).toMatchObject({ from: now, to: new Date('2026-11-30T00:00:00Z') });
    expect(findTimeSpan('next week please', now)).toMatchObject({ from: new Date('2026-11-30T00:00:00Z'), to: new Date('2026-12-07T00:00:00Z') });
    expect(findTimeSpan('tomorrow', now)).toMatchObject({ from: new Date('2026-11-26T00:00:00Z') });
    expect(findTimeSpan('this weekend', now)).toMatchObject({ from: new Date('2026-11-28T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') });
    expect(findTimeSpan('design events in March', now)).toMatchObject({ label: 'March', from: new Date('2027-03-01T00:00:00Z') });
    expect(findTimeSpan('you may like it', now)).toBeNull();
    expect(findTimeSpan('fintech in Oslo', now)).toBeNull();
  });

  it('stems plurals of longer words only', () => {
    expect([stem('meetups'), stem('ai'), stem('class'), stem('news')]).toEqual(['meetup', 'ai', 'class', 'news']);
  });

  it('looks at a bounded number of words', () => {
    const parsed = parseRequest('word '.repeat(2000), now);
    expect(parsed.keywords).toEqual(['word']);
    expect(parsed.placeCandidates.length).toBeLessThanOrEqual(3);
  });
});
