import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettledPerTest } from '../test/render-settled';
import { openPage } from '../test/stub-api';
import { stubApiPerFile } from '../test/stub-api-per-file';
import { BillingRoute } from './pricing';

/** The one route entry of /pricing and Checkout's return pages picks the screen by path, with its title. */

const api = stubApiPerFile();

const render_ = renderSettledPerTest();

describe('BillingRoute', () => {
  it('/pricing: the plans', async () => {
    api.on('GET /api/stripe/plans', { status: 200, body: [] });
    api.on('GET /api/stripe/subscription', { status: 500, body: { error: 'Internal server error' } });
    openPage(api, '/pricing');
    render_(<BillingRoute />);
    expect(await screen.findByText('No plans available')).toBeTruthy();
    expect(document.title).toBe('Plans · Mingle');
  });

  it('/subscription/success: Welcome to PRO!', () => {
    api.on('GET /api/stripe/subscription', { status: 500, body: { error: 'Internal server error' } });
    openPage(api, '/subscription/success?session_id=cs_test_1');
    render_(<BillingRoute />);
    expect(screen.getByRole('heading', { name: 'Welcome to PRO!' })).toBeTruthy();
    expect(document.title).toBe('Welcome to PRO! · Mingle');
  });

  it('/subscription/cancel/: Subscription Cancelled', () => {
    openPage(api, '/subscription/cancel/');
    render_(<BillingRoute />);
    expect(screen.getByRole('heading', { name: 'Subscription Cancelled' })).toBeTruthy();
    expect(document.title).toBe('Subscription Cancelled · Mingle');
  });

  it('any other /subscription path: Not Found', async () => {
    openPage(api, '/subscription/other');
    render_(<BillingRoute />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
