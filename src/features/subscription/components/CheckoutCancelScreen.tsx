import { Link } from 'wouter';
import './pricing.css';

/**
 * /subscription/cancel (docs/product.md section 2): the member left Checkout; nothing was charged. Both
 * buttons go to /profile as docs/product.md says ('Try Again' there means the card's 'Upgrade to PRO').
 */
export function CheckoutCancelScreen() {
  return (
    <div className="page">
      <div className="checkout-return">
        <h1 className="page-title">Subscription Cancelled</h1>
        <p>You left the checkout before paying. Nothing was charged, and you can upgrade whenever you like.</p>
        <div className="checkout-return-actions">
          <Link href="/profile" className="btn btn--primary btn--md">
            Back to Profile
          </Link>
          <Link href="/profile" className="btn btn--secondary btn--md">
            Try Again
          </Link>
        </div>
      </div>
    </div>
  );
}
