import { IDEMPOTENCY_HEADER } from '../../contract/attendees';

export type OutboxMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One HTTP call of the sync engine, relative to /api/. */
export interface OutboxRequest {
  method: OutboxMethod;
  path: string;
  body?: unknown;
  /** The outbox record id; sent as the Idempotency-Key header on writes. */
  idempotencyKey?: string;
}

/** The raw answer the engine classifies: status 0 means no answer (offline, DNS, reset). */
export interface SendResponse {
  status: number;
  body: unknown;
  /** The Retry-After header as sent (seconds or an HTTP date), or null. */
  retryAfter: string | null;
}

export type SendFn = (request: OutboxRequest) => Promise<SendResponse>;

const API_PREFIX = '/api/';

/**
 * A request not answered in full within this long is abandoned and counts as no answer: the engine
 * sends it again later under the same Idempotency-Key, so one request hung in venue Wi-Fi never
 * holds up the queue (the server applies a repeated write once).
 */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * The outbox's sender on top of fetch: unlike apiRequest it never throws and keeps the raw status
 * and Retry-After, which the engine needs to choose between retry, pause and failure.
 * `apiBase` and `fetchFn` let a client outside the page (the outbox benchmark in Node) reach an
 * absolute origin with its own cookie; the app uses fetchSend.
 */
export function createFetchSend(
  apiBase: string = API_PREFIX,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  timeoutMs: number = SEND_TIMEOUT_MS,
): SendFn {
  return async (request) => {
    const abandon = new AbortController();
    const timer = setTimeout(() => abandon.abort(), timeoutMs);
    try {
      return await send(apiBase, fetchFn, request, abandon.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

async function send(apiBase: string, fetchFn: typeof fetch, request: OutboxRequest, signal: AbortSignal): Promise<SendResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetchFn(apiBase + request.path.replace(/^\/+/, ''), {
      method: request.method,
      headers,
      body,
      credentials: 'include',
      signal,
    });
  } catch {
    return { status: 0, body: null, retryAfter: null };
  }
  const retryAfter = response.headers.get('Retry-After');
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The answer was cut off: for a 2xx we cannot know the result, so replay it (idempotent).
    return { status: response.ok ? 0 : response.status, body: null, retryAfter };
  }
  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, body: parsed, retryAfter };
}

export const fetchSend: SendFn = createFetchSend();
