import { CheckoutSuccessScreen } from '../features/subscription/components/CheckoutSuccessScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/** /subscription/success: Checkout's return after payment (its session_id is not needed: the subscription is read). */
export function SubscriptionSuccessRoute() {
  useDocumentTitle('Welcome to PRO!');
  return <CheckoutSuccessScreen />;
}
