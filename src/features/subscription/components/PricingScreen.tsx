import { useState } from 'react';
import { PLAN_NAMES, PRO_PRICE_SEK, SUBSCRIPTION_MESSAGES, type Plan } from '../../../../contract/subscription';
import { errorMessage } from '../../../lib/api-client';
import { env } from '../../../lib/env';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-store';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { usePlans } from '../api/get-plans';
import { useSubscription } from '../api/get-subscription';
import { isOnPro, proPlan } from '../subscription-state';
import { useOpenPortal } from '../use-open-portal';
import { redirectTo } from '../redirect';
import './pricing.css';

/**
 * /pricing (docs/product.md section 2): Free and PRO side by side (stacked on a phone), the member's plan
 * marked, 'Upgrade to PRO' into Stripe Checkout, or 'Manage subscription' for a PRO member.
 */
export function PricingScreen() {
  const plans = usePlans();
  const subscription = useSubscription();
  return (
    <div className="page pricing-page">
      <header className="page-header">
        <h1 className="page-title">Plans</h1>
        <p className="page-lead">PRO is {PRO_PRICE_SEK} SEK a month. Cancel any time in the customer portal.</p>
      </header>
      {plans.isPending ? (
        <Spinner label="Loading plans" />
      ) : plans.isError ? (
        <div className="pricing-message" role="alert">
          <p>{errorMessage(plans.error)}</p>
          <Button variant="secondary" onClick={() => void plans.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <PlanCards plans={plans.data} onPro={isOnPro(subscription.data)} />
      )}
    </div>
  );
}

function PlanCards({ plans, onPro }: { plans: Plan[]; onPro: boolean }) {
  const pro = proPlan(plans);
  if (!pro) {
    return (
      <div className="pricing-message" role="alert">
        <p>{SUBSCRIPTION_MESSAGES.noPlans}</p>
        <a href={`mailto:${env.supportEmail}`}>Contact support</a>
      </div>
    );
  }
  const free = plans.find((plan) => plan.name === PLAN_NAMES.free);
  return (
    <div className="pricing-plans">
      {free && <PlanCard plan={free} current={!onPro} />}
      <PlanCard plan={pro} current={onPro}>
        {onPro ? <ManageButton /> : <UpgradeButton priceId={pro.stripePriceId} />}
      </PlanCard>
    </div>
  );
}

function PlanCard({ plan, current, children }: { plan: Plan; current: boolean; children?: React.ReactNode }) {
  const titleId = `plan-${plan.name.toLowerCase()}`;
  return (
    <section className={`card pricing-plan${current ? ' pricing-plan--current' : ''}`} aria-labelledby={titleId}>
      <div className="pricing-plan-head">
        <h2 id={titleId} className="pricing-plan-name">
          {plan.name}
        </h2>
        {current && <span className="badge pricing-current">Current plan</span>}
      </div>
      <p className="pricing-price">
        <span className="pricing-amount">{plan.price}</span> {plan.currency} / {plan.interval}
      </p>
      <ul className="pricing-features" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {children}
    </section>
  );
}

function UpgradeButton({ priceId }: { priceId: string | null }) {
  const checkout = useCreateCheckoutSession();
  const [leaving, setLeaving] = useState(false);
  if (!priceId) {
    // Nothing to buy: say so at once rather than offer a button that can only fail.
    return (
      <p className="pricing-error" role="alert">
        {SUBSCRIPTION_MESSAGES.planConfiguration}
      </p>
    );
  }
  const start = () =>
    checkout.mutate(priceId, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        redirectTo(url);
      },
      onError: () => toast({ title: 'Error', description: SUBSCRIPTION_MESSAGES.checkoutFailed, variant: 'destructive' }),
    });
  const busy = checkout.isPending || leaving;
  return (
    <Button size="lg" block loading={busy} onClick={start}>
      {busy ? 'Starting checkout…' : 'Upgrade to PRO'}
    </Button>
  );
}

function ManageButton() {
  const portal = useOpenPortal();
  return (
    <Button size="lg" variant="secondary" block loading={portal.busy} onClick={portal.open}>
      Manage subscription
    </Button>
  );
}
