import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createLogger, formatLine, printedMailWriter } from '../logger';
import { createLogMailer } from '../services/mail/mailer';
import { insertEvent, newMember } from '../test/helpers/events-fixtures';
import { createTestContext, NAMES, testConfig, uniqueEmail, type TestContext } from '../test/helpers/test-app';

/** One JSON line per request in production, with the route's pattern and nothing personal. */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** The app as main.ts builds it in production (JSON lines), and the lines it writes to stdout. */
function jsonLoggedApp() {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  const config = testConfig({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
  const app = createApp({ db: t.db, mailer: t.mailer, config, clock: t.clock.now, logger: createLogger(config.LOG_LEVEL, config.LOG_FORMAT) });
  const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.route !== undefined);
  return { app, lines, requestLines };
}

describe('the request log in JSON', () => {
  it("a signed-in request: the route's pattern rather than the ids of its path, the member, status and duration", async () => {
    const member = await newMember(t);
    const { id: eventId } = await insertEvent(t.db);
    const { app, requestLines } = jsonLoggedApp();
    const answer = await t.client({}, app).request('GET', `/api/events/${eventId}?search=private`, {
      headers: { cookie: `sid=${member.client.sid}` },
    });
    expect(answer.status).toBe(200);
    const [line, ...others] = requestLines();
    expect(others).toEqual([]);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: 'info',
      pid: process.pid,
      msg: expect.stringMatching(/^\[http\] GET \/api\/events\/:id 200 \d+ms$/),
      method: 'GET',
      route: '/api/events/:id',
      status: 200,
      durationMs: expect.any(Number),
      requestId: answer.headers.get('x-request-id'),
      memberId: member.id,
    });
    expect(JSON.stringify(line)).not.toContain(eventId);
    expect(JSON.stringify(line)).not.toContain('private');
  });

  it('a sign-in request: no address, code or cookie, and no member', async () => {
    const email = uniqueEmail('logged');
    const { app, lines, requestLines } = jsonLoggedApp();
    const client = t.client({}, app);
    expect((await client.post('/api/signup/pin/request', { ...NAMES, email })).status).toBe(200);
    const code = t.mailer.lastCode(email);
    expect((await client.post('/api/signup/pin/verify', { ...NAMES, email, pin: code })).status).toBe(201);
    expect(requestLines().map((line) => [line.route, line.status, line.memberId])).toEqual([
      ['/api/signup/pin/request', 200, undefined],
      ['/api/signup/pin/verify', 201, undefined],
    ]);
    const everything = lines.join('\n');
    for (const secret of [email, code, client.sid!, 'Lovelace']) expect(everything).not.toContain(secret);
  });

  it('an unknown path logs the pattern that answered, not the path', async () => {
    const { app, requestLines } = jsonLoggedApp();
    await t.client({}, app).get('/api/no-such-thing/12345');
    expect(requestLines().map((line) => [line.route, line.status])).toEqual([['/api/*', 404]]);
  });
});

describe('log lines', () => {
  it('in text repeat nothing the message says; in JSON carry every field', () => {
    const fields = { method: 'GET', status: 200, requestId: 'r-1', memberId: undefined };
    expect(formatLine('text', 'info', '[http] GET /api/x 200 3ms', fields)).toBe('[http] GET /api/x 200 3ms requestId=r-1');
    expect(JSON.parse(formatLine('json', 'info', 'hello', fields))).toMatchObject({
      level: 'info',
      msg: 'hello',
      method: 'GET',
      status: 200,
      requestId: 'r-1',
    });
  });

  it('without SMTP the printed code is marked, and reads as the tests and the README show it', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    await createLogMailer(printedMailWriter('json')).sendPinCode('ada@example.com', '012345', 'login');
    await createLogMailer(printedMailWriter('json')).sendSignInPaused('ada@example.com', new Date(0));
    const [code, paused] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(code).toMatchObject({ devSignInCode: true, msg: '[mail] To: ada@example.com  Sign-in code: 012345  (SMTP_URL not set; printed instead of sent)' });
    expect(lines[0]).toMatch(/To: ada@example\.com\s+Sign-(?:up|in) code: (\d{6})/);
    expect(paused).not.toHaveProperty('devSignInCode');
  });

  it('an error in JSON keeps its stack in one line', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => lines.push(line));
    createLogger('error', 'json').error('[db] close failed', new Error('boom'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: '[db] close failed', error: expect.stringMatching(/^Error: boom\n\s+at /) });
  });
});
