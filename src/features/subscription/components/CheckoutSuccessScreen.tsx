import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../ui/Button';
import { subscriptionQueryOptions } from '../api/get-subscription';
import { isActivated } from '../subscription-state';
import './pricing.css';

export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 30_000;

/**
 * /subscription/success (docs/product.md section 2): Stripe sends the member here as soon as the payment
 * went through, which can be before its webhook reached our server. So the page asks for the
 * subscription every second (up to 30 s) until it is PRO or TRIALING, then refreshes every query:
 * the events' PRO locks, the banner and me.hasProAccess all follow without a reload.
 */
export function CheckoutSuccessScreen({ pollMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS }: { pollMs?: number; timeoutMs?: number }) {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    // The cached answer is from before the payment: ask again whatever its age.
    refetchOnMount: 'always',
    refetchInterval: (query) => (isActivated(query.state.data) || timedOut ? false : pollMs),
  });
  const activated = isActivated(subscription.data);

  useEffect(() => {
    if (activated) return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [activated, timeoutMs, round]);

  const refreshed = useRef(false);
  useEffect(() => {
    if (!activated || refreshed.current) return;
    refreshed.current = true;
    void queryClient.invalidateQueries();
  }, [activated, queryClient]);

  const retry = () => {
    setTimedOut(false);
    setRound((n) => n + 1);
    void subscription.refetch();
  };

  return (
    <div className="page">
      <div className="checkout-return">
        <h1 className="page-title">Welcome to PRO!</h1>
        {activated ? (
          <p role="status">Your subscription is active. Every PRO feature is unlocked.</p>
        ) : timedOut ? (
          <div role="alert" className="checkout-return">
            <p>Your subscription is taking longer than usual to activate. It usually appears within a minute after payment.</p>
            <Button variant="secondary" onClick={retry}>
              Retry
            </Button>
          </div>
        ) : (
          <p className="checkout-status" role="status">
            <span className="btn-spinner" aria-hidden="true" />
            Activating your subscription…
          </p>
        )}
        <Link href="/profile" className="btn btn--primary btn--lg">
          Go to Profile
        </Link>
      </div>
    </div>
  );
}
