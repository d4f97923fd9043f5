import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { SUBSCRIPTION_MESSAGES } from '../../../../contract/subscription';
import { formatDate } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { plansQueryOptions } from '../api/get-plans';
import { useReactivate } from '../api/reactivate';
import { useSubscription } from '../api/get-subscription';
import { cardState, proFeatures, type CardState } from '../subscription-state';
import { useOpenPortal } from '../use-open-portal';
import { useSubscriptionNotices } from '../use-subscription-notices';
import './subscription.css';

/**
 * The own profile's subscription card: every state of docs/product.md section 4, the portal's buttons, and
 * the notices after the portal (useSubscriptionNotices). Loaded after the profile's first screen
 * (SubscriptionCardSlot), so it costs that screen nothing.
 */
export function SubscriptionCard() {
  const subscription = useSubscription();
  useSubscriptionNotices(subscription.data);
  const state = subscription.data ? cardState(subscription.data) : null;
  return (
    <CardFrame badge={state ? <StateBadge state={state} /> : null} busy={subscription.isPending}>
      {state ? (
        <StateBody state={state} />
      ) : subscription.isError ? (
        <p className="subscription-text" role="alert">
          {SUBSCRIPTION_MESSAGES.loadFailed}
        </p>
      ) : (
        <Spinner label="Loading subscription" />
      )}
    </CardFrame>
  );
}

/** The card's frame, also the slot's placeholder, so the card takes its place without a jump. */
export function CardFrame({ badge, busy, children }: { badge?: ReactNode; busy?: boolean; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card subscription-card" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <div className="subscription-head">
        <h2 id={titleId} className="subscription-title">
          Subscription
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

const BADGES: Record<CardState['kind'], string> = {
  'past-due': 'PAST DUE',
  // A trial is PRO with its access; the trial itself is said in the text.
  trialing: 'PRO',
  canceled: 'CANCELED',
  pro: 'PRO',
  free: 'FREE',
};

function StateBadge({ state }: { state: CardState }) {
  return <span className={`badge subscription-badge subscription-badge--${state.kind}`}>{BADGES[state.kind]}</span>;
}

function StateBody({ state }: { state: CardState }) {
  switch (state.kind) {
    case 'past-due':
      return (
        <>
          <p className="subscription-text subscription-text--danger">Your payment failed. Please update your payment method.</p>
          <PortalButton>Update Payment</PortalButton>
        </>
      );
    case 'trialing':
      return (
        <>
          <p className="subscription-plan">{state.planName} plan</p>
          <p className="subscription-text">You&apos;re currently on a trial period.</p>
          <NextBilling date={state.nextBilling} />
          <PortalButton variant="secondary">Manage subscription</PortalButton>
        </>
      );
    case 'canceled':
      return (
        <>
          <p className="subscription-text">Your subscription has been canceled but you still have access.</p>
          <div className="subscription-warning">
            <p className="subscription-warning-title">Don&apos;t lose your access!</p>
            <p className="subscription-warning-text">Your subscription ends in {state.daysLeft} days. Reactivate now to keep your premium features.</p>
            <p className="subscription-warning-text">PRO until {formatDate(state.endsAt)}</p>
          </div>
          <ReactivateButton />
        </>
      );
    case 'pro':
      return (
        <>
          <p className="subscription-plan">{state.planName} plan</p>
          <NextBilling date={state.nextBilling} />
          <PortalButton variant="secondary">Manage subscription</PortalButton>
        </>
      );
    case 'free':
      return <FreeBody />;
  }
}

function NextBilling({ date }: { date: string | null }) {
  // Stripe has no period end for a subscription being set up: nothing to say yet.
  if (!date) return null;
  return <p className="subscription-text">Next billing: {formatDate(date)}</p>;
}

function ReactivateButton() {
  const reactivate = useReactivate();
  return (
    <div className="subscription-actions">
      <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
        Reactivate now
      </Button>
    </div>
  );
}

function PortalButton({ variant = 'primary', children }: { variant?: 'primary' | 'secondary'; children: string }) {
  const portal = useOpenPortal();
  return (
    <div className="subscription-actions">
      <Button variant={variant} loading={portal.busy} onClick={portal.open}>
        {children}
      </Button>
    </div>
  );
}

function FreeBody() {
  // Only the FREE card lists PRO's features; the other states never ask for the plans.
  const plans = useQuery(plansQueryOptions());
  return (
    <>
      <p className="subscription-text">Upgrade to unlock premium features.</p>
      <ul className="subscription-features" aria-label="PRO features">
        {proFeatures(plans.data).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="subscription-actions">
        <Link href="/pricing" className="btn btn--primary btn--md">
          Upgrade to PRO
        </Link>
        <Link href="/pricing" className="subscription-link">
          View all plans
        </Link>
      </div>
    </>
  );
}
