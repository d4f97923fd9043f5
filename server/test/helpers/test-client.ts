import type { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';

/** What a client sees of an answer. */
export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read fields freely
  /** The body as sent, decoded as UTF-8 (a byte order mark kept). */
  text: string;
  /** Set-Cookie lines of this answer. */
  cookies: string[];
}

export interface RequestOptions {
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

/**
 * A browser-like client of the in-process app: keeps cookies between requests, and sends from a
 * given IP address (as the Node server would see it) and Origin.
 */
export class TestClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly options: { ip?: string; origin?: string; headers?: Record<string, string> } = {},
  ) {}

  get sid(): string | undefined {
    return this.jar.get('sid');
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...this.options.headers };
    if (this.options.origin) headers.origin = this.options.origin;
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const env = { incoming: { socket: { remoteAddress: this.options.ip ?? '127.0.0.1' } } };
    const res = await this.app.request(`http://localhost${path}`, { method, headers, body }, env);
    // As sent: a byte order mark stays (Response.text() would drop it).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    const cookies = res.headers.getSetCookie();
    for (const line of cookies) this.store(line);
    return { status: res.status, headers: res.headers, body: parsed, text, cookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  }
  put(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PUT', path, { ...options, ...(json === undefined ? {} : { json }) });
  }
  patch(path: string, json?: unknown, options?: RequestOptions) {
    return this.request('PATCH', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  private store(line: string): void {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const value = pair!.slice(eq + 1);
    const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value === '';
    if (expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

/** The attributes of a Set-Cookie line, lower-cased names: {httponly: '', samesite: 'Lax', ...}. */
export function cookieAttributes(line: string): Record<string, string> {
  const [, ...attributes] = line.split(';').map((part) => part.trim());
  return Object.fromEntries(
    attributes.map((a) => {
      const eq = a.indexOf('=');
      return eq === -1 ? [a.toLowerCase(), ''] : [a.slice(0, eq).toLowerCase(), a.slice(eq + 1)];
    }),
  );
}
