import type { ApiErrorBody } from '../../contract/errors';
import { discardFirstScreenAnswers, takeFirstScreenAnswer } from './first-screen-data';
import { noteAnswer } from './stored-answers';

/** Shown for an unreadable answer, or an error answer without an error field. */
export const SERVER_ERROR_MESSAGE = 'A server error occurred.';
/** Shown when a request got no answer and the device says it has no network. */
export const OFFLINE_MESSAGE = "You're offline. This needs a connection; screens you opened before still work.";
/** Shown when a request got no answer with the device online (the server or the venue's Wi-Fi is down). */
export const UNREACHABLE_MESSAGE = "Can't reach Mingle. Check your connection and try again.";

/**
 * A failed call: the server's error body ({error, code, field}) plus the HTTP status.
 * status is 0 when the request never got an answer (offline, DNS, aborted connection).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;
  /** The parsed body of the answer, when there was one. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    // The server's error body ({error, code, field}); anything else is read as no such fields.
    const { error, code, field } = (Object(body) === body ? body : {}) as Partial<Record<keyof ApiErrorBody, unknown>>;
    super(typeof error === 'string' && error !== '' ? error : SERVER_ERROR_MESSAGE);
    this.status = status;
    this.code = typeof code === 'string' ? code : undefined;
    this.field = typeof field === 'string' ? field : undefined;
    this.body = body;
  }

  /** True when the request did not reach the server or its answer could not be read. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** A request that got no answer: offline, or the server out of reach (status 0). */
export const noAnswerError = () => new ApiError(0, { error: navigator.onLine ? UNREACHABLE_MESSAGE : OFFLINE_MESSAGE });

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Where the API is served; calls name their path after it ('users/me'). */
export const API_PREFIX = '/api/';

/**
 * The client of docs/product.md section 7: every call goes to /api/{path} with a JSON body and the session
 * cookie; 204 (or an empty answer) yields null; a non-OK answer is thrown as an ApiError.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const relative = path.replace(/^\/+/, '');
  // A first screen's reads may be in the page already (first-screen-data.ts); a write ends that.
  if (method === 'GET') {
    const embedded = takeFirstScreenAnswer(relative);
    if (embedded !== undefined) return embedded as T;
  } else {
    discardFirstScreenAnswers();
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(API_PREFIX + relative, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    // Aborts are the caller's decision (TanStack Query cancels this way); pass them through.
    if (options.signal?.aborted) throw error;
    throw noAnswerError();
  }

  if (response.status === 204) {
    if (!response.ok) throw new ApiError(response.status, null);
    return null as T;
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(response.ok ? 0 : response.status, null);
  }

  let parsed: unknown = null;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      // An unreadable answer is a server error whatever its status.
      throw new ApiError(response.ok ? 0 : response.status, null);
    }
  }

  if (!response.ok) throw new ApiError(response.status, parsed);
  if (method === 'GET') noteAnswer(response);
  return parsed as T;
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};

/** The text to show for any thrown value: the server's message, or the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : SERVER_ERROR_MESSAGE;
}
