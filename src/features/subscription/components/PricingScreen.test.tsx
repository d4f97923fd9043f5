import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan, SubscriptionResponse } from '../../../../contract/subscription';
import { renderWithProviders } from '../../../test/render';
import { openPage } from '../../../test/stub-api';
import { stubApiPerFile } from '../../../test/stub-api-per-file';
import { useToastStore } from '../../../ui/toast-store';
import { redirectTo } from '../redirect';
import { PricingScreen } from './PricingScreen';

/** /pricing against a stub API: the two plans, the current one, checkout and docs/product.md's errors. */

vi.mock('../redirect', () => ({ redirectTo: vi.fn() }));

const api = stubApiPerFile();
const FREE: Plan = { name: 'Free', stripePriceId: null, price: 0, currency: 'SEK', interval: 'month', features: ['Limited events', 'At-event networking'] };
const PRO: Plan = {
  name: 'PRO',
  stripePriceId: 'price_pro',
  price: 50,
  currency: 'SEK',
  interval: 'month',
  features: ['Full event database access', 'Ad-free experience'],
};
const status = (s: SubscriptionResponse['subscription']['status']): SubscriptionResponse => ({
  subscription: { status: s, endsAt: null, plan: { name: s === 'FREE' ? 'Free' : 'PRO' } },
  stripe: { currentPeriodEnd: null },
});
const toastTexts = () => useToastStore.getState().toasts.map((t) => [t.title, t.description].filter(Boolean).join(' '));

function show(plans: Plan[], subscription = status('FREE')) {
  api.on('GET /api/stripe/plans', { status: 200, body: plans });
  api.on('GET /api/stripe/subscription', { status: 200, body: subscription });
  renderWithProviders(<PricingScreen />);
}

beforeEach(() => {
  openPage(api, '/pricing');
  vi.mocked(redirectTo).mockReset();
});

describe('/pricing', () => {
  it('shows Free and PRO with prices and features, marks Free as current, and upgrades through Checkout', async () => {
    show([FREE, PRO]);
    const free = await screen.findByRole('region', { name: 'Free' });
    const pro = screen.getByRole('region', { name: 'PRO' });
    expect(free.textContent).toContain('0 SEK / month');
    expect(pro.textContent).toContain('50 SEK / month');
    expect(within(pro).getByText('Ad-free experience')).toBeTruthy();
    await waitFor(() => expect(within(free).getByText('Current plan')).toBeTruthy());
    expect(within(pro).queryByText('Current plan')).toBeNull();

    api.on('POST /api/stripe/create-checkout-session', { status: 200, body: { url: 'https://checkout.example/c/1' } });
    const button = within(pro).getByRole('button', { name: 'Upgrade to PRO' });
    fireEvent.click(button);
    // Progress while the session is created: busy and not pressable twice.
    await waitFor(() => expect(within(pro).getByRole('button', { name: 'Starting checkout…' }).getAttribute('aria-busy')).toBe('true'));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://checkout.example/c/1'));
    expect(api.requests.find((r) => r.path === '/api/stripe/create-checkout-session')?.body).toEqual({
      priceId: 'price_pro',
      successUrl: `${api.origin}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${api.origin}/subscription/cancel`,
    });
  });

  it("a failed checkout: 'Failed to start checkout. Please try again.' and the button again", async () => {
    show([FREE, PRO]);
    api.on('POST /api/stripe/create-checkout-session', { status: 400, body: { error: 'Invalid redirect URLs' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Upgrade to PRO' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Error Failed to start checkout. Please try again.']));
    expect(screen.getByRole('button', { name: 'Upgrade to PRO' }).hasAttribute('disabled')).toBe(false);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it("no PRO plan: 'No plans available'", async () => {
    show([FREE]);
    expect(await screen.findByText('No plans available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to PRO' })).toBeNull();
  });

  it("PRO without a price id: 'Plan configuration error. Please contact support.'", async () => {
    show([FREE, { ...PRO, stripePriceId: null }]);
    expect(await screen.findByText('Plan configuration error. Please contact support.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to PRO' })).toBeNull();
  });

  it("a PRO member: PRO is current and 'Manage subscription' opens the portal", async () => {
    show([FREE, PRO], status('PRO'));
    const pro = await screen.findByRole('region', { name: 'PRO' });
    await waitFor(() => expect(within(pro).getByText('Current plan')).toBeTruthy());
    api.on('POST /api/stripe/create-portal-session', { status: 200, body: { url: 'https://billing.example/p' } });
    fireEvent.click(within(pro).getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://billing.example/p'));
  });

  it('plans that cannot be loaded: the reason and Retry', async () => {
    api.on('GET /api/stripe/plans', { status: 500, body: { error: 'Internal server error' } });
    api.on('GET /api/stripe/subscription', { status: 200, body: status('FREE') });
    renderWithProviders(<PricingScreen />);
    expect(await screen.findByText('Internal server error')).toBeTruthy();
    api.on('GET /api/stripe/plans', { status: 200, body: [FREE, PRO] });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'PRO' })).toBeTruthy();
  });
});
