import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { OpenDatabase } from '../../server/db/database';
import { parseEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createSession } from '../../server/services/sign-in/sessions';
import { LastCodeMailer } from './last-code-mailer';

/**
 * The app called in process (no HTTP, no built files) as `memberId`, signed in with a session of
 * their own: a GET that answers the Response as it comes (a streamed body is read by the caller).
 */
export async function signedInFetch(database: OpenDatabase, memberId: string, now: Date): Promise<(path: string) => Promise<Response>> {
  const config = parseEnv({ LOG_LEVEL: 'silent', DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${randomBytes(4).toString('hex')}`) });
  const app = createApp({ db: database.db, mailer: new LastCodeMailer(), config, logger: createLogger('silent') });
  const cookie = `sid=${await createSession(database.db, memberId, now)}`;
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  return async (path: string) => app.request(`http://localhost${path}`, { headers: { cookie } }, env);
}

/** As signedInFetch: a GET that answers the body's text and throws on anything but 200. */
export async function signedInGet(database: OpenDatabase, memberId: string, now: Date): Promise<(path: string) => Promise<string>> {
  const fetch = await signedInFetch(database, memberId, now);
  return async (path: string) => {
    const res = await fetch(path);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${text.slice(0, 200)}`);
    return text;
  };
}
