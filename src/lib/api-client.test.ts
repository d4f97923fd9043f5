/// <reference types="node" />
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE, SERVER_ERROR_MESSAGE, UNREACHABLE_MESSAGE, apiClient } from './api-client';

// A real HTTP server on localhost; the page's URL is set to its origin, so the client's relative
// /api/ URLs reach it exactly as they reach the API in the browser.
/** happy-dom's control object: sets the page URL that relative fetches resolve against. */
const setPageUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let origin = '';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const handler = routes.get(`${req.method} ${req.url}`);
      if (handler) handler(req, body, res);
      else json(res, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setPageUrl(`${origin}/events`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it('sends JSON to /api/{path} and returns the parsed answer', async () => {
    let seen: { contentType?: string; body?: string; url?: string } = {};
    routes.set('POST /api/login/pin/request', (req, body, res) => {
      seen = { contentType: req.headers['content-type'], body, url: req.url };
      json(res, 200, { sent: true, expiresInSeconds: 600 });
    });
    const answer = await apiClient.post('login/pin/request', { email: 'a@example.com' });
    expect(answer).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(seen.contentType).toBe('application/json');
    expect(JSON.parse(seen.body ?? '')).toEqual({ email: 'a@example.com' });
  });

  it('sends the session cookie with the request', async () => {
    let cookie: string | undefined;
    routes.set('GET /api/users/me', (req, _body, res) => {
      cookie = req.headers.cookie;
      json(res, 200, { id: 'u1' });
    });
    document.cookie = 'session=abc; path=/';
    await apiClient.get('users/me');
    expect(cookie).toContain('session=abc');
  });

  it('returns null for 204', async () => {
    routes.set('POST /api/oauth/logout', (_req, _body, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(apiClient.post('oauth/logout')).resolves.toBeNull();
  });

  it('throws the server error body with its status', async () => {
    routes.set('POST /api/signup/pin/request', (_req, _body, res) =>
      json(res, 409, { error: 'User with this email already exists', code: 'USER_EXISTS', field: 'email' }),
    );
    const error = await caught(apiClient.post('signup/pin/request', {}));
    expect(error.status).toBe(409);
    expect(error.message).toBe('User with this email already exists');
    expect(error.code).toBe('USER_EXISTS');
    expect(error.field).toBe('email');
    expect(error.body).toEqual({ error: 'User with this email already exists', code: 'USER_EXISTS', field: 'email' });
  });

  it('uses the generic message for an error answer without an error field', async () => {
    routes.set('GET /api/no-error-field', (_req, _body, res) => json(res, 500, { message: 'boom' }));
    const error = await caught(apiClient.get('no-error-field'));
    expect(error.status).toBe(500);
    expect(error.message).toBe(SERVER_ERROR_MESSAGE);
  });

  it('uses the generic message for an unparsable error answer', async () => {
    routes.set('GET /api/html-error', (_req, _body, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    const error = await caught(apiClient.get('html-error'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(SERVER_ERROR_MESSAGE);
  });

  it('uses the generic message for an unparsable success answer', async () => {
    routes.set('GET /api/garbage', (_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{not json');
    });
    const error = await caught(apiClient.get('garbage'));
    expect(error.message).toBe(SERVER_ERROR_MESSAGE);
  });

  it('says the server cannot be reached when no answer comes, and that the member is offline when the device says so', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    setPageUrl(`http://127.0.0.1:${port}/events`);
    try {
      const error = await caught(apiClient.get('users/me'));
      expect(error.status).toBe(0);
      expect(error.isNetworkError).toBe(true);
      expect(error.message).toBe(UNREACHABLE_MESSAGE);
      const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        expect((await caught(apiClient.get('users/me'))).message).toBe(OFFLINE_MESSAGE);
      } finally {
        onLine.mockRestore();
      }
    } finally {
      setPageUrl(`${origin}/events`);
    }
  });
});
