import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi } from './api';
import type { ApiContext } from './api-answers';
import { completeCheckout, currentSubscription, endSubscription, failNextPayment, openInvoice, payOpenInvoice, updateSubscription } from './billing';
import { checkCard } from './card-check';
import { parseParams, stringParam, type Params } from './form-params';
import { newId } from './ids';
import { API_VERSION, newEvent, type StripeEvent } from './objects';
import { checkoutClosedPage, checkoutPage, notFoundPage, portalPage } from './pages';
import { loadState, saveState } from './state';
import { StripeApiError } from './stripe-errors';
import { WebhookQueue, waitAtMost } from './webhook-delivery';

export interface LocalStripeOptions {
  /** Where webhooks go, e.g. http://127.0.0.1:8080/api/stripe/webhook */
  webhookUrl: string;
  /** whsec_... : webhooks are signed with it exactly as Stripe does (Stripe-Signature: t=...,v1=HMAC-SHA256 hex of `${t}.${payload}`) */
  webhookSecret: string;
  /** The one recurring price it knows, e.g. 'price_local_pro' (50 SEK = 5000 öre per month, product 'PRO') */
  priceId: string;
  /** JSON file to keep its state across restarts; in memory when absent */
  stateFile?: string;
  host?: string; // default 127.0.0.1
  port?: number; // default 0 (any free port)
  /** For tests: the clock (seconds), default Date.now()/1000 */
  now?: () => number;
}

export interface LocalStripe {
  host: string;
  port: number;
  /** http://host:port */
  origin: string;
  close(): Promise<void>;
}

/** The pages wait this long for their webhooks so the product knows before the customer is back; never longer. */
const PAGE_WEBHOOK_WAIT_MS = 10_000;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A stand-in for the part of Stripe that Mingle uses, for running without a Stripe account: the
 * API under /v1 (answered as Stripe's API reference describes, so the official SDK works against it
 * unchanged), the hosted checkout and portal pages, and signed webhooks.
 */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const state = loadState(options.stateFile);
  const webhooks = new WebhookQueue({ url: options.webhookUrl, secret: options.webhookSecret });
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  const changed = (events: StripeEvent[]): Promise<void> => {
    saveState(options.stateFile, state);
    return webhooks.enqueue(events);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!(error instanceof StripeApiError)) console.error('[local test checkout]', error);
      const known = error instanceof StripeApiError ? error : new StripeApiError(500, 'api_error', 'Internal error in the local test checkout.');
      if (!response.headersSent) sendJson(response, known.status, known.toBody());
      else response.end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    if (url.pathname.startsWith('/v1/')) return handleApiRequest(request, response, method, url, body);
    const checkout = /^\/checkout\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (checkout) return handleCheckoutPage(response, method, checkout[1]!, parseParams(body));
    const portal = /^\/portal\/([A-Za-z0-9_]+)$/.exec(url.pathname);
    if (portal) return handlePortalPage(response, method, portal[1]!, parseParams(body));
    sendHtml(response, 404, notFoundPage());
  }

  function handleApiRequest(request: IncomingMessage, response: ServerResponse, method: string, url: URL, body: string): void {
    const requestId = newId('req', 14);
    response.setHeader('Request-Id', requestId);
    response.setHeader('Stripe-Version', header(request, 'stripe-version') ?? API_VERSION);
    const key = apiKey(request);
    if (!key || !/^(sk|rk)_test_\w+$/.test(key)) {
      const message = key
        ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      response.setHeader('WWW-Authenticate', 'Bearer realm="Stripe"');
      sendJson(response, 401, new StripeApiError(401, 'invalid_request_error', message).toBody());
      return;
    }
    const params = method === 'POST' ? { ...parseParams(url.search.slice(1)), ...parseParams(body) } : parseParams(url.search.slice(1));
    const path = url.pathname.slice('/v1'.length);

    const idempotencyKey = method === 'POST' || method === 'DELETE' ? header(request, 'idempotency-key') : undefined;
    const fingerprint = JSON.stringify([method, path, params]);
    if (idempotencyKey) {
      response.setHeader('Idempotency-Key', idempotencyKey);
      const earlier = state.idempotency[idempotencyKey];
      if (earlier && earlier.fingerprint !== fingerprint) {
        sendJson(
          response,
          400,
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ).toBody(),
        );
        return;
      }
      if (earlier) {
        response.setHeader('Idempotent-Replayed', 'true');
        sendRaw(response, earlier.status, earlier.body);
        return;
      }
    }

    // Events caused by an API call name the request, as Stripe's do; the pages' events name none.
    const eventRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
    const context: ApiContext = {
      state,
      priceId: options.priceId,
      origin,
      now,
      changed: (events) => void changed(events.map((event) => ({ ...event, request: eventRequest }))),
    };
    let status = 200;
    let answer: unknown;
    try {
      answer = handleApi(context, { method, path, params });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = error.toBody();
    }
    const text = JSON.stringify(answer, null, 2);
    // Like Stripe, only requests that ran are remembered; a refused one may be retried with the key.
    if (idempotencyKey && status === 200) {
      state.idempotency[idempotencyKey] = { fingerprint, status, body: text };
      saveState(options.stateFile, state);
    }
    sendRaw(response, status, text);
  }

  async function handleCheckoutPage(response: ServerResponse, method: string, id: string, form: Params): Promise<void> {
    const session = state.checkoutSessions[id];
    const purchase = state.purchases[id];
    if (!session || !purchase) return sendHtml(response, 404, notFoundPage());
    if (session.status === 'open' && now() >= session.expires_at) {
      session.status = 'expired';
      await waitAtMost(changed([newEvent('checkout.session.expired', { ...session, url: null }, now())]), PAGE_WEBHOOK_WAIT_MS);
    }
    if (session.status !== 'open') return sendHtml(response, 200, checkoutClosedPage(session));
    const customer = session.customer ? state.customers[session.customer] : undefined;
    const email = customer?.email ?? session.customer_email;
    if (method === 'GET') return sendHtml(response, 200, checkoutPage({ session, quantity: purchase.quantity, email }));
    if (method !== 'POST') return sendHtml(response, 405, notFoundPage());

    const cardNumber = stringParam(form, 'cardNumber') ?? '';
    const cardExpiry = stringParam(form, 'cardExpiry') ?? '';
    const cardCvc = stringParam(form, 'cardCvc') ?? '';
    const result = checkCard(cardNumber, cardExpiry, cardCvc, now());
    if (!result.ok) {
      return sendHtml(response, 200, checkoutPage({ session, quantity: purchase.quantity, email, error: result, cardNumber, cardExpiry, cardCvc }));
    }
    const { events } = completeCheckout(state, session, now(), email);
    await waitAtMost(changed(events), PAGE_WEBHOOK_WAIT_MS);
    redirect(
      response,
      (session.success_url ?? origin).replaceAll('{CHECKOUT_SESSION_ID}', () => session.id),
    );
  }

  async function handlePortalPage(response: ServerResponse, method: string, id: string, form: Params): Promise<void> {
    const portal = state.portalSessions[id];
    if (!portal) return sendHtml(response, 404, notFoundPage());
    const subscription = currentSubscription(state, portal.customer);
    if (method === 'POST') {
      let events: StripeEvent[] = [];
      const at = now();
      if (subscription) {
        const running = subscription.status !== 'canceled';
        switch (stringParam(form, 'action')) {
          case 'cancel':
            if (running) events = updateSubscription(subscription, { cancelAtPeriodEnd: true }, at);
            break;
          case 'reactivate':
            if (running) events = updateSubscription(subscription, { cancelAtPeriodEnd: false }, at);
            break;
          case 'fail_payment':
            if (subscription.status === 'active' && !subscription.cancel_at_period_end) events = failNextPayment(state, subscription, at);
            break;
          case 'pay_invoice':
            if (running) events = payOpenInvoice(state, subscription, at);
            break;
          case 'end_period':
            if (running && subscription.cancel_at_period_end) events = endSubscription(subscription, at);
            break;
        }
      }
      await waitAtMost(changed(events), PAGE_WEBHOOK_WAIT_MS);
      return redirect(response, `/portal/${encodeURIComponent(id)}`);
    }
    if (method !== 'GET') return sendHtml(response, 405, notFoundPage());
    const customer = state.customers[portal.customer];
    sendHtml(
      response,
      200,
      portalPage({
        portalId: id,
        returnUrl: portal.return_url,
        email: customer?.email ?? null,
        subscription,
        openInvoice: subscription ? openInvoice(state, subscription) : undefined,
      }),
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    host,
    port,
    origin,
    async close() {
      await waitAtMost(webhooks.close(), PAGE_WEBHOOK_WAIT_MS);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Stripe takes the key as a Bearer token, or as the user name of Basic auth (curl -u sk_test_...:). */
function apiKey(request: IncomingMessage): string | undefined {
  const authorization = header(request, 'authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new StripeApiError(413, 'invalid_request_error', 'Request body too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendRaw(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, no-store' });
  response.end(text);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  sendRaw(response, status, JSON.stringify(body, null, 2));
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(html);
}

/** 303 so that the browser follows a form POST with a GET. */
function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location });
  response.end();
}
