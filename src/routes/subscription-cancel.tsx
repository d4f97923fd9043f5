import { CheckoutCancelScreen } from '../features/subscription/components/CheckoutCancelScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /subscription/cancel: Checkout's return when the member left it. */
export function SubscriptionCancelRoute() {
  useDocumentTitle('Subscription Cancelled');
  return <CheckoutCancelScreen />;
}
