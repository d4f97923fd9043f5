/**
 * Leaves the app for Stripe's page (Checkout or the Customer Portal). A full navigation, not the
 * router's: the page is on another origin. One place, so component tests can stand in for it.
 */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
