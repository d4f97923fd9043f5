import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan, SubscriptionResponse } from '../../../../contract/subscription';
import { createQueryClient } from '../../../lib/query-client';
import { renderSettledPerTest } from '../../../test/render-settled';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { subscriptionKeys } from '../api/keys';
import { rememberBeforePortal } from '../before-portal';
import { redirectTo } from '../redirect';
import { SubscriptionCard } from './SubscriptionCard';

/** The profile's subscription card against a stub API: every state of docs/product.md section 4, the portal, the notices. */

vi.mock('../redirect', () => ({ redirectTo: vi.fn() }));

const api = stubApiPerFile();

const render_ = renderSettledPerTest();
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function answer(
  status: SubscriptionResponse['subscription']['status'],
  endsAt: string | null = null,
  currentPeriodEnd: string | null = null,
): SubscriptionResponse {
  return { subscription: { status, endsAt, plan: { name: status === 'FREE' ? 'Free' : 'PRO' } }, stripe: { currentPeriodEnd } };
}
const plan = (name: string, features: string[]): Plan => ({
  name,
  stripePriceId: name === 'PRO' ? 'price_pro' : null,
  price: name === 'PRO' ? 50 : 0,
  currency: 'SEK',
  interval: 'month',
  features,
});

const card = () => screen.getByRole('region', { name: 'Subscription' });
const toastTexts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(' '));

function show(body: SubscriptionResponse) {
  api.on('GET /api/stripe/subscription', { status: 200, body });
  return render_(<SubscriptionCard />);
}

beforeEach(() => {
  openPage(api, '/profile');
  vi.mocked(redirectTo).mockReset();
  sessionStorage.clear();
});

describe('the subscription card', () => {
  it("PAST_DUE: 'PAST DUE', the failed payment, and 'Update Payment' opens the portal", async () => {
    show(answer('PAST_DUE', null, inDays(3)));
    expect(await screen.findByText('PAST DUE')).toBeTruthy();
    expect(within(card()).getByText('Your payment failed. Please update your payment method.')).toBeTruthy();
    api.on('POST /api/stripe/create-portal-session', { status: 200, body: { url: 'https://billing.example/session' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Payment' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/session'));
    expect(api.requests.find((r) => r.path === '/api/stripe/create-portal-session')?.body).toEqual({ returnUrl: `${api.origin}/profile?from_portal=true` });
  });

  it('TRIALING: the trial sentence', async () => {
    show(answer('TRIALING', null, inDays(7)));
    expect(await screen.findByText("You're currently on a trial period.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it("cancelled PRO: 'CANCELED', the warning with the days left rounded up, 'Reactivate now'", async () => {
    show(answer('PRO', inDays(4.2), inDays(4.2)));
    expect(await screen.findByText('CANCELED')).toBeTruthy();
    expect(within(card()).getByText('Your subscription has been canceled but you still have access.')).toBeTruthy();
    expect(within(card()).getByText("Don't lose your access!")).toBeTruthy();
    expect(within(card()).getByText('Your subscription ends in 5 days. Reactivate now to keep your premium features.')).toBeTruthy();
    expect(within(card()).getByText(/^PRO until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate now' })).toBeTruthy();
  });

  it("'Reactivate now' reactivates in one step, without the portal: the card runs on and says so", async () => {
    show(answer('PRO', inDays(4.2), inDays(4.2)));
    api.on('POST /api/stripe/reactivate', { status: 200, body: answer('PRO', null, inDays(4.2)) });
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate now' }));
    expect(await within(card()).findByText('PRO plan')).toBeTruthy();
    expect(toastTexts()).toContain('Subscription Reactivated!');
    expect(redirectTo).not.toHaveBeenCalled();
    expect(api.requests.some((r) => r.path === '/api/stripe/create-portal-session')).toBe(false);
  });

  it("'Reactivate now' refused: the reason, and the card as it was", async () => {
    show(answer('PRO', inDays(4.2), inDays(4.2)));
    api.on('POST /api/stripe/reactivate', { status: 502, body: { error: 'Payments are not available right now. Please try again later.' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate now' }));
    await waitFor(() => expect(toastTexts()).toContain('Error Payments are not available right now. Please try again later.'));
    expect(within(card()).getByText('CANCELED')).toBeTruthy();
  });

  it("active PRO: 'PRO', the plan, 'Next billing: {date}' and 'Manage subscription'", async () => {
    show(answer('PRO', null, '2026-12-24T10:00:00.000Z'));
    expect(await screen.findByText('Next billing: Dec 24, 2026')).toBeTruthy();
    expect(within(card()).getByText('PRO', { exact: true })).toBeTruthy();
    expect(within(card()).getByText('PRO plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeTruthy();
  });

  it("FREE: the upgrade, PRO's features from the plans, 'View all plans'", async () => {
    api.on('GET /api/stripe/plans', {
      status: 200,
      body: [plan('Free', ['Limited events']), plan('PRO', ['Full event database access', 'Ad-free experience'])],
    });
    show(answer('FREE'));
    expect(await screen.findByText('Ad-free experience')).toBeTruthy();
    expect(within(card()).getByText('FREE')).toBeTruthy();
    expect(within(card()).getByText('Upgrade to unlock premium features.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'View all plans' }).getAttribute('href')).toBe('/pricing');
  });

  it("FREE without plans: docs/product.md's fallback list", async () => {
    api.on('GET /api/stripe/plans', { status: 500, body: { error: 'Internal server error' } });
    show(answer('FREE'));
    const list = await screen.findByRole('list', { name: 'PRO features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Full event database access', 'Personal event recommendations', 'Exclusive event access']);
  });

  it('says when the subscription cannot be loaded', async () => {
    api.on('GET /api/stripe/subscription', { status: 500, body: { error: 'Internal server error' } });
    render_(<SubscriptionCard />);
    expect(await screen.findByText('Unable to load subscription information. Please refresh the page.')).toBeTruthy();
  });

  it('a failed portal session says so and stays', async () => {
    show(answer('PRO', null, inDays(30)));
    api.on('POST /api/stripe/create-portal-session', { status: 500, body: { error: 'Internal server error' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Error Failed to open customer portal. Please try again.']));
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it("back from the portal: the parameter goes, everything is refetched, 'Subscription Updated'", async () => {
    openPage(api, '/profile?from_portal=true&x=1');
    api.on('GET /api/stripe/subscription', { status: 200, body: answer('PRO', null, inDays(30)) });
    // Another query the portal may have changed (standing for me and the events): invalidated too.
    const client = createQueryClient();
    render_.track(client);
    client.setQueryData(['other'], 1);
    render(
      <QueryClientProvider client={client}>
        <SubscriptionCard />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(toastTexts()).toEqual(['Subscription Updated']));
    expect(window.location.search).toBe('?x=1');
    expect(client.getQueryState(['other'])?.isInvalidated).toBe(true);
  });

  it("back from the portal after reactivating: 'Subscription Reactivated!'", async () => {
    openPage(api, '/profile?from_portal=true');
    api.on('GET /api/stripe/subscription', { status: 200, body: answer('PRO', null, inDays(30)) });
    // The card last saw the subscription cancelled (the persisted cache) before the portal.
    const client = createQueryClient();
    render_.track(client);
    client.setQueryData(subscriptionKeys.detail(), answer('PRO', inDays(3), inDays(3)));
    render(
      <QueryClientProvider client={client}>
        <SubscriptionCard />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(toastTexts()).toEqual(['Subscription Reactivated!']));
    expect(await screen.findByText('Manage subscription')).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});

describe('the portal round trip', () => {
  it('remembers the subscription before leaving, so coming back reactivated says so without a cache', async () => {
    show(answer('TRIALING', null, inDays(3)));
    api.on('POST /api/stripe/create-portal-session', { status: 200, body: { url: 'https://billing.example/p' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    expect(JSON.parse(sessionStorage.getItem('mingle.subscription-before-portal') ?? 'null')).toEqual(answer('TRIALING', null, expect.any(String)));
  });

  it("back after reactivating, with an empty cache: 'Subscription Reactivated!' from what was remembered", async () => {
    rememberBeforePortal(answer('PRO', inDays(3), inDays(3)));
    openPage(api, '/profile?from_portal=true');
    show(answer('PRO', null, inDays(30)));
    await waitFor(() => expect(toastTexts()).toEqual(['Subscription Reactivated!']));
    expect(sessionStorage.getItem('mingle.subscription-before-portal')).toBeNull();
  });
});

describe('the card on the profile', () => {
  it('back from the portal, the slot loads the card at once rather than after the first screen', async () => {
    openPage(api, '/profile?from_portal=true');
    api.on('GET /api/stripe/subscription', { status: 200, body: answer('PRO', null, inDays(30)) });
    const { SubscriptionCardSlot } = await import('./SubscriptionCardSlot');
    render_(<SubscriptionCardSlot pro />);
    expect(await screen.findByRole('button', { name: 'Manage subscription' })).toBeTruthy();
    await waitFor(() => expect(toastTexts()).toEqual(['Subscription Updated']));
  });
});
