import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCheckout } from './test-harness';

const folder = mkdtempSync(join(tmpdir(), 'stripe-local-state-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the local test checkout with a state file', () => {
  it('keeps customers, sessions, subscriptions and idempotency keys across a restart', async () => {
    const stateFile = join(folder, 'stripe-local.json');
    const first = await startTestCheckout({ stateFile });
    const { customer, subscriptionId } = await first.subscribe();
    const remembered = await first.stripe.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'kept-key' });
    const portal = await first.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://app.test/profile' });
    const open = await first.startCheckout('open@example.com');
    await first.close();

    const second = await startTestCheckout({ stateFile });
    try {
      expect(await second.stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ id: subscriptionId, status: 'active', customer: customer.id });
      expect(await second.stripe.customers.retrieve(customer.id)).toMatchObject({ email: 'ada@example.com' });
      const replayed = await second.stripe.customers.create({ email: 'kept@example.com' }, { idempotencyKey: 'kept-key' });
      expect(replayed.id).toBe(remembered.id);
      // Pages follow the server's current address, not the one the state was saved under.
      const session = await second.stripe.checkout.sessions.retrieve(open.session.id);
      expect(session.url).toBe(`${second.local.origin}/checkout/${open.session.id}`);
      const page = await fetch(`${second.local.origin}/portal/${portal.id}`);
      expect(await page.text()).toContain('Next billing date');
    } finally {
      await second.close();
    }
  });
});
