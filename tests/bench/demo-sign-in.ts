import { DEMO_EMAIL } from '../../server/db/seed/constants';
import type { AppServer } from '../../server/test/helpers/server-process';

/**
 * Signs the demo member in through the API, with the code the server prints (no SMTP_URL), as a
 * benchmark's load sends it: `sid=<token>`.
 */
export async function signInDemoMember(server: AppServer): Promise<string> {
  const since = server.output().length;
  const post = (path: string, body: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(body) });
  const requested = await post('/api/login/pin/request', { email: DEMO_EMAIL });
  if (requested.status !== 200) throw new Error(`login/pin/request: ${requested.status} ${await requested.text()}`);
  const escaped = DEMO_EMAIL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const [, code] = await server.waitForOutput(new RegExp(`To: ${escaped}\\s+Sign-in code: (\\d{6})`), since);
  const verified = await post('/api/login/pin/verify', { email: DEMO_EMAIL, pin: code });
  if (verified.status !== 200) throw new Error(`login/pin/verify: ${verified.status} ${await verified.text()}`);
  const cookie = verified.headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (!cookie) throw new Error('No session cookie after sign-in');
  return cookie.split(';')[0]!;
}
