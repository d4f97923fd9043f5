import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionResponse } from '../../../../contract/subscription';
import { renderSettledPerTest } from '../../../test/render-settled';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { CheckoutCancelScreen } from './CheckoutCancelScreen';
import { CheckoutSuccessScreen } from './CheckoutSuccessScreen';

/** The checkout return pages against a stub API: waiting for the webhook, then refreshing everything. */

const api = stubApiPerFile();

const render_ = renderSettledPerTest();
const status = (s: SubscriptionResponse['subscription']['status']): SubscriptionResponse => ({
  subscription: { status: s, endsAt: null, plan: { name: s === 'FREE' ? 'Free' : 'PRO' } },
  stripe: { currentPeriodEnd: null },
});

describe('/subscription/success', () => {
  it('polls the subscription until PRO, then invalidates every query', async () => {
    openPage(api, '/subscription/success?session_id=cs_test_1');
    let calls = 0;
    // The webhook lands between the second and the third ask.
    api.on('GET /api/stripe/subscription', () => ({ status: 200, body: status(++calls >= 3 ? 'PRO' : 'FREE') }));
    const { client } = render_(<CheckoutSuccessScreen pollMs={20} timeoutMs={5000} />);
    // Stands for me.hasProAccess, the events' locks and the banner: all must be asked again.
    client.setQueryData(['other'], 1);
    expect(screen.getByRole('heading', { name: 'Welcome to PRO!' })).toBeTruthy();
    expect(screen.getByText('Activating your subscription…')).toBeTruthy();
    expect(await screen.findByText('Your subscription is active. Every PRO feature is unlocked.')).toBeTruthy();
    await waitFor(() => expect(client.getQueryState(['other'])?.isInvalidated).toBe(true));
    expect(calls).toBeGreaterThanOrEqual(3);
    const settled = calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Polling stopped once PRO (the invalidation asks once more at most).
    expect(calls).toBeLessThanOrEqual(settled + 1);
    expect(screen.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('TRIALING counts as activated', async () => {
    api.on('GET /api/stripe/subscription', { status: 200, body: status('TRIALING') });
    render_(<CheckoutSuccessScreen pollMs={20} timeoutMs={5000} />);
    expect(await screen.findByText('Your subscription is active. Every PRO feature is unlocked.')).toBeTruthy();
  });

  it('says when it takes too long, and Retry waits again', async () => {
    let calls = 0;
    api.on('GET /api/stripe/subscription', () => ({ status: 200, body: status(++calls > 1000 ? 'PRO' : 'FREE') }));
    render_(<CheckoutSuccessScreen pollMs={20} timeoutMs={150} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('taking longer than usual');
    const stopped = calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBeLessThanOrEqual(stopped + 1);
    calls = 1000;
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByText('Your subscription is active. Every PRO feature is unlocked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Profile' })).toBeTruthy();
  });
});

describe('/subscription/cancel', () => {
  it("'Subscription Cancelled' with 'Back to Profile' and 'Try Again', both to /profile", () => {
    render_(<CheckoutCancelScreen />);
    expect(screen.getByRole('heading', { name: 'Subscription Cancelled' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/profile');
  });
});
