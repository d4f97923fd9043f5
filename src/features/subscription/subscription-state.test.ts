import { describe, expect, it } from 'vitest';
import type { Plan, SubscriptionResponse } from '../../../contract/subscription';
import { cardState, daysLeft, FALLBACK_PRO_FEATURES, isActivated, proFeatures, wasReactivated } from './subscription-state';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(NOW + ms).toISOString();

function answer(
  status: SubscriptionResponse['subscription']['status'],
  endsAt: string | null = null,
  currentPeriodEnd: string | null = null,
): SubscriptionResponse {
  return { subscription: { status, endsAt, plan: { name: status === 'FREE' ? 'Free' : 'PRO' } }, stripe: { currentPeriodEnd } };
}

describe('daysLeft', () => {
  it('rounds the difference to endsAt up', () => {
    expect(daysLeft(at(10 * DAY), NOW)).toBe(10);
    expect(daysLeft(at(2 * DAY + 1), NOW)).toBe(3);
    expect(daysLeft(at(60_000), NOW)).toBe(1);
  });
  it('is 0 at or after the end and for an unreadable date', () => {
    expect(daysLeft(at(0), NOW)).toBe(0);
    expect(daysLeft(at(-3 * DAY), NOW)).toBe(0);
    expect(daysLeft('not a date', NOW)).toBe(0);
  });
});

describe('cardState', () => {
  it('follows docs/product.md section 4 in its order', () => {
    expect(cardState(answer('PAST_DUE', at(DAY)), NOW)).toEqual({ kind: 'past-due' });
    expect(cardState(answer('TRIALING', null, at(7 * DAY)), NOW)).toEqual({ kind: 'trialing', planName: 'PRO', nextBilling: at(7 * DAY) });
    expect(cardState(answer('PRO', at(4.5 * DAY), at(4.5 * DAY)), NOW)).toEqual({ kind: 'canceled', daysLeft: 5, endsAt: at(4.5 * DAY) });
    expect(cardState(answer('PRO', null, at(30 * DAY)), NOW)).toEqual({ kind: 'pro', planName: 'PRO', nextBilling: at(30 * DAY) });
    expect(cardState(answer('FREE'), NOW)).toEqual({ kind: 'free' });
  });
});

describe('wasReactivated', () => {
  it('only from a cancelled PRO to a PRO without endsAt', () => {
    expect(wasReactivated(answer('PRO', at(DAY)), answer('PRO'))).toBe(true);
    expect(wasReactivated(answer('PRO'), answer('PRO'))).toBe(false);
    expect(wasReactivated(answer('FREE'), answer('PRO'))).toBe(false);
    expect(wasReactivated(answer('PRO', at(DAY)), answer('PRO', at(DAY)))).toBe(false);
    expect(wasReactivated(undefined, answer('PRO'))).toBe(false);
  });
});

describe('isActivated', () => {
  it('PRO and TRIALING, not FREE or PAST_DUE', () => {
    expect(isActivated(answer('PRO'))).toBe(true);
    expect(isActivated(answer('TRIALING'))).toBe(true);
    expect(isActivated(answer('FREE'))).toBe(false);
    expect(isActivated(answer('PAST_DUE'))).toBe(false);
    expect(isActivated(undefined)).toBe(false);
  });
});

describe('proFeatures', () => {
  const plan = (name: string, features: string[]): Plan => ({ name, stripePriceId: null, price: 0, currency: 'SEK', interval: 'month', features });
  it("PRO's list from the plans, else the fallback", () => {
    expect(proFeatures([plan('Free', ['a']), plan('PRO', ['x', 'y'])])).toEqual(['x', 'y']);
    expect(proFeatures([plan('Free', ['a'])])).toEqual(FALLBACK_PRO_FEATURES);
    expect(proFeatures([plan('PRO', [])])).toEqual(FALLBACK_PRO_FEATURES);
    expect(proFeatures(undefined)).toEqual(FALLBACK_PRO_FEATURES);
  });
});
