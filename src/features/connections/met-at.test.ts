import { describe, expect, it } from 'vitest';
import { metAt } from './met-at';

describe('where two members connected', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  it('says they met at an event that has started, or that has no dates', () => {
    expect(metAt({ eventName: 'Nordic Fintech Week', eventStartsAt: '2026-11-28T09:00:00.000Z' }, now)).toBe('Met at Nordic Fintech Week');
    expect(metAt({ eventName: 'Nordic Fintech Week', eventStartsAt: null }, now)).toBe('Met at Nordic Fintech Week');
  });

  it('says they connected ahead of an event that is still to come', () => {
    expect(metAt({ eventName: 'Nordic Fintech Week', eventStartsAt: '2026-12-03T09:00:00.000Z' }, now)).toBe('Connected ahead of Nordic Fintech Week');
  });
});
