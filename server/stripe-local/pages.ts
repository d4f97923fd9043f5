import { CURRENCY, PRODUCT_NAME, UNIT_AMOUNT } from './objects';
import type { CheckoutSessionRecord, InvoiceRecord, SubscriptionRecord } from './state';

/** The hosted pages of the local test checkout: plain HTML, readable on a 360 px phone, no script. */

export const TEST_MODE_NOTICE = 'Test mode: no card is charged';
export const DECLINED_MESSAGE = 'Your card was declined.';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const formatDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const priceLabel = (quantity = 1) => `${(UNIT_AMOUNT * quantity) / 100} ${CURRENCY.toUpperCase()} per month`;

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a1f36}
main{max-width:28rem;margin:0 auto;padding:1rem}
.notice{background:#fff4d6;border:1px solid #e5b400;border-radius:.5rem;padding:.5rem .75rem;font-weight:600;margin:0 0 1rem}
.card{background:#fff;border-radius:.75rem;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:0 0 .25rem}
.price{font-size:1.5rem;font-weight:700;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #8792a2;border-radius:.4rem}
.row{display:flex;gap:.75rem;align-items:flex-end}.row>div{flex:1;min-width:0}
button{width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.4rem;background:#533afd;color:#fff;margin-top:1rem;cursor:pointer}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #8792a2}
.error{color:#b3093c;font-weight:600;margin:.75rem 0 0}
.status{margin:0 0 .5rem}
a{color:#3d2bd6}
.links{margin-top:1rem;text-align:center}
dl{margin:0 0 .5rem}dt{font-weight:600}dd{margin:0 0 .5rem}
@media (prefers-color-scheme:dark){body{background:#111827;color:#e5e7eb}.card{background:#1f2937}.notice{background:#3d3000;border-color:#a37f00;color:#fff4d6}a{color:#a5b4fc}button.secondary{background:#1f2937;color:#e5e7eb}.error{color:#fda4af}input{background:#111827;color:#e5e7eb}}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="notice" role="note">${TEST_MODE_NOTICE}</p>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutPageInput {
  session: CheckoutSessionRecord;
  quantity: number;
  email: string | null;
  error?: { field: 'number' | 'expiry' | 'cvc'; message: string };
  cardNumber?: string;
  cardExpiry?: string;
  cardCvc?: string;
}

export function checkoutPage(input: CheckoutPageInput): string {
  const { session } = input;
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  const error = input.error ? `<p class="error" role="alert" id="card-error">${escapeHtml(input.error.message)}</p>` : '';
  const invalid = (field: string) => (input.error?.field === field ? ' aria-describedby="card-error" aria-invalid="true"' : '');
  const cancel = session.cancel_url ? `<p class="links"><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : '';
  return layout(
    `Subscribe to ${PRODUCT_NAME}`,
    `<section class="card" aria-labelledby="plan">
<h1 id="plan">${PRODUCT_NAME}</h1>
<p class="price">${priceLabel(input.quantity)}</p>
${input.email ? `<p>Billed to ${escapeHtml(input.email)}</p>` : ''}
<form method="post" action="${action}">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required${value(input.cardNumber)}${invalid('number')}>
<div class="row">
<div><label for="card-expiry">Expiry (MM / YY)</label>
<input id="card-expiry" name="cardExpiry" inputmode="numeric" autocomplete="cc-exp" required${value(input.cardExpiry)}${invalid('expiry')}></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" required${value(input.cardCvc)}${invalid('cvc')}></div>
</div>
${error}
<button type="submit">Pay</button>
</form>
<p>Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0341 is declined.</p>
</section>
${cancel}`,
  );
}

export function checkoutClosedPage(session: CheckoutSessionRecord): string {
  const text = session.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.';
  const link =
    session.success_url && session.status === 'complete'
      ? `<p class="links"><a href="${escapeHtml(session.success_url.replace('{CHECKOUT_SESSION_ID}', () => session.id))}">Continue</a></p>`
      : session.cancel_url
        ? `<p class="links"><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`
        : '';
  return layout('Checkout', `<section class="card"><h1>${text}</h1></section>${link}`);
}

export interface PortalPageInput {
  portalId: string;
  returnUrl: string | null;
  email: string | null;
  subscription: SubscriptionRecord | undefined;
  openInvoice: InvoiceRecord | undefined;
}

const STATUS_NAMES: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  trialing: 'Trial',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

export function portalPage(input: PortalPageInput): string {
  const { subscription } = input;
  const action = `/portal/${encodeURIComponent(input.portalId)}`;
  const button = (name: string, label: string, secondary = false) =>
    `<form method="post" action="${action}"><input type="hidden" name="action" value="${name}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`;
  let details = '<p>No subscription yet.</p>';
  const buttons: string[] = [];
  if (subscription) {
    const item = subscription.items.data[0]!;
    const lines = [`<dt>Status</dt><dd>${STATUS_NAMES[subscription.status] ?? subscription.status}</dd>`];
    let when: string;
    if (subscription.status === 'canceled') {
      when = `Ended on ${formatDate(subscription.ended_at ?? subscription.canceled_at ?? item.current_period_end)}`;
    } else if (subscription.cancel_at_period_end) {
      when = `Cancels on ${formatDate(subscription.cancel_at ?? item.current_period_end)}`;
    } else {
      when = `Next billing date: ${formatDate(item.current_period_end)}`;
    }
    if (input.openInvoice) {
      lines.push(`<dt>Open invoice</dt><dd>${input.openInvoice.amount_remaining / 100} ${CURRENCY.toUpperCase()}, payment failed</dd>`);
    }
    details = `<p class="price">${priceLabel(item.quantity)}</p><dl>${lines.join('')}</dl><p class="status">${when}</p>`;
    if (subscription.status !== 'canceled') {
      if (subscription.cancel_at_period_end) {
        buttons.push(button('reactivate', 'Reactivate'), button('end_period', 'End the period now', true));
      } else {
        buttons.push(button('cancel', 'Cancel subscription', true));
      }
      if (input.openInvoice) buttons.push(button('pay_invoice', 'Pay the open invoice'));
      else if (subscription.status === 'active' && !subscription.cancel_at_period_end) {
        buttons.push(button('fail_payment', 'Fail the next payment', true));
      }
    }
  }
  const back = input.returnUrl ? `<p class="links"><a href="${escapeHtml(input.returnUrl)}">Return to Mingle</a></p>` : '';
  return layout(
    'Billing',
    `<section class="card" aria-labelledby="plan">
<h1 id="plan">${PRODUCT_NAME}</h1>
${input.email ? `<p>${escapeHtml(input.email)}</p>` : ''}
${details}
${buttons.join('\n')}
</section>
${back}`,
  );
}

export function notFoundPage(): string {
  return layout('Not found', '<section class="card"><h1>This page does not exist.</h1></section>');
}
