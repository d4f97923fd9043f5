import { createHmac } from 'node:crypto';
import type { StripeEvent } from './objects';

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the whole whsec_ secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookDeliveryOptions {
  url: string;
  secret: string;
  /** Per attempt; a receiver that hangs must not hold the queue. */
  attemptTimeoutMs?: number;
  /** Waits before each retry; Stripe retries for days, a test checkout only briefly. */
  retryDelaysMs?: number[];
}

/**
 * Sends events one after another, in the order they were queued, each awaited before the next
 * (a late 'updated' must not overtake its 'created'), retrying failures briefly before giving up.
 */
export class WebhookQueue {
  private tail: Promise<void> = Promise.resolve();
  private closing = false;
  private readonly wakeSleepers = new Set<() => void>();
  private readonly attemptTimeoutMs: number;
  private readonly retryDelaysMs: number[];

  constructor(private readonly options: WebhookDeliveryOptions) {
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 5_000;
    this.retryDelaysMs = options.retryDelaysMs ?? [250, 1_000, 3_000];
  }

  /** Resolves when these events were delivered (or given up on); never rejects. */
  enqueue(events: StripeEvent[]): Promise<void> {
    for (const event of events) this.tail = this.tail.then(() => this.deliver(event));
    return this.tail;
  }

  /** Everything queued so far has been attempted. */
  idle(): Promise<void> {
    return this.tail;
  }

  /**
   * The receiver is going away with this process: each event still queued gets one more attempt
   * and no retries, so a stop is not held up for seconds of retries against a closed server.
   */
  close(): Promise<void> {
    this.closing = true;
    for (const wake of this.wakeSleepers) wake();
    return this.tail;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakeSleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakeSleepers.add(wake);
    });
  }

  private async deliver(event: StripeEvent): Promise<void> {
    // Stripe sends its events pretty-printed; receivers must verify the exact bytes, so do the same.
    const payload = JSON.stringify(event, null, 2);
    let lastError = '';
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) {
        if (this.closing) break;
        await this.sleep(this.retryDelaysMs[attempt - 1]!);
        if (this.closing) break;
      }
      try {
        const response = await fetch(this.options.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            // The receiver compares this with its own clock, so it is the wall clock even when the objects' clock is a test's.
            'Stripe-Signature': signatureHeader(payload, this.options.secret, Math.floor(Date.now() / 1000)),
          },
          body: payload,
          signal: AbortSignal.timeout(this.attemptTimeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        lastError = `HTTP ${response.status}`;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    console.warn(`[local test checkout] gave up delivering ${event.type} ${event.id} to ${this.options.url}: ${lastError}`);
  }
}

/** Waits for the promise, but at most `ms`; the work goes on in the background after that. */
export async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
