import { describe, expect, it } from 'vitest';
import { canContinue, consentsToSave } from './consent-choice';

describe('consent choice', () => {
  it('needs terms and privacy', () => {
    expect(canContinue({ terms: true, privacy: true, productUpdates: false, eventMarketing: false })).toBe(true);
    expect(canContinue({ terms: true, privacy: false, productUpdates: true, eventMarketing: true })).toBe(false);
    expect(canContinue({ terms: false, privacy: true, productUpdates: true, eventMarketing: true })).toBe(false);
  });

  it('saves the four consents when every box is ticked, and no unticked opt-in', () => {
    expect(consentsToSave({ terms: true, privacy: true, productUpdates: true, eventMarketing: true })).toEqual([
      'terms',
      'privacy',
      'product_updates',
      'event_marketing',
    ]);
    expect(consentsToSave({ terms: true, privacy: true, productUpdates: false, eventMarketing: false })).toEqual(['terms', 'privacy']);
  });
});
