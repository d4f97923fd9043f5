import { useLocation } from 'wouter';
import { PricingScreen } from '../features/subscription/components/PricingScreen';
import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundRoute } from './not-found';
import { SubscriptionCancelRoute } from './subscription-cancel';
import { SubscriptionSuccessRoute } from './subscription-success';

/** /pricing. */
export function PricingRoute() {
  useDocumentTitle('Plans');
  return <PricingScreen />;
}

/**
 * /pricing and Checkout's return pages, /subscription/success and /subscription/cancel, as one
 * screen of the route table: one chunk and one entry in the shell, which the deck loads too and
 * whose budget has no room for three (src/app/routes.tsx).
 */
export function BillingRoute() {
  const [path] = useLocation();
  const page = path.replace(/\/+$/, '');
  if (page === '/pricing') return <PricingRoute />;
  if (page === '/subscription/success') return <SubscriptionSuccessRoute />;
  if (page === '/subscription/cancel') return <SubscriptionCancelRoute />;
  return <NotFoundRoute />;
}
