/**
 * The real server as a child process, for tests and benchmarks that need a process to kill: the
 * compiled server/main.ts run with plain node as production runs it (compiled-server.ts), the
 * crash tests' entry compiled the same way, or a TypeScript entry through tsx (server/main.ts
 * itself when asked). Children still running when this process exits are killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { compiledServerEntry, SERVER_NODE_ARGS } from './compiled-server';
import { repoRoot } from './repo-root';

export { repoRoot } from './repo-root';
/** server/main.ts as source, run through tsx (as `npm run dev` does). */
export const mainEntry = join(repoRoot, 'server', 'main.ts');
/** The crash tests' entry, compiled: main.ts's app with a short lease and a kill -9 hook (crash-server.ts). */
export { compiledCrashServerEntry } from './compiled-server';

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

export interface AppServer {
  origin: string;
  port: number;
  /** The process id (with WORKERS > 1, the primary's). */
  pid: number;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** The first match of `pattern` printed after `since` characters of output. */
  waitForOutput(pattern: RegExp, since: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited, however it ended (kill -9 included). */
  exited: Promise<void>;
  /** How it ended, once it has: the exit code, or the signal that killed it. */
  exitStatus(): { code: number | null; signal: NodeJS.Signals | null };
  /** kill -9: no clean-up runs in the server. */
  kill(): Promise<void>;
  /** Sends a signal (crash-server.ts arms a crash on SIGUSR2). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** The script to run and its arguments: default the compiled server/main.ts; a .ts file runs through tsx. */
  entry?: string;
  args?: string[];
  /** No built app needed: the server counts as ready once the API answers. */
  apiOnly?: boolean;
  /** Listen on this port (a restart keeps its address); default a free one. */
  port?: number;
  /** Resolve as soon as the process is spawned, not once it serves (to stop it while it starts). */
  noWait?: boolean;
}

/**
 * Starts the server on 127.0.0.1 with the given settings on top of a clean environment: no
 * DATABASE_URL, SMTP_URL or proxy settings of the shell leak in, so sign-in codes are printed on
 * stdout (DATABASE_URL may be passed in `env`).
 */
export async function startServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_ORIGIN', 'TRUST_PROXY', 'SESSION_IDLE_DAYS', 'HOST', 'PORT']) {
    delete inherited[name];
  }
  const entry = options.entry ?? (await compiledServerEntry());
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [...SERVER_NODE_ARGS];
  const child = spawn(process.execPath, [...loader, entry, ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let printed = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    printed += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      for (const listener of listeners) listener();
      resolve();
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  const tail = () => printed.split('\n').slice(-30).join('\n');

  const server: AppServer = {
    origin,
    port,
    pid: child.pid ?? 0,
    output: () => printed,
    waitForOutput(pattern, since, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = printed.slice(since).match(pattern);
          if (match) done(() => resolve(match));
          else if (!running()) done(() => reject(new Error(`The server exited while waiting for ${pattern}:\n${tail()}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`The server did not print ${pattern} within ${timeoutMs} ms`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    exited,
    exitStatus: () => ({ code: child.exitCode, signal: child.signalCode }),
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    signal(name) {
      if (running()) child.kill(name);
    },
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };

  if (options.noWait) return server;
  // Ready once it serves the API and (unless apiOnly) the app; the demo data is seeded before it listens.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!running()) throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before serving:\n${tail()}`);
    try {
      const api = await fetch(`${origin}/api/users/me`);
      await api.body?.cancel();
      const page = options.apiOnly ? undefined : await fetch(`${origin}/`);
      const html = (await page?.text()) ?? '';
      if (api.status === 401 && (!page || (page.ok && html.includes('<div id="root">')))) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not answer at ${origin} within 120 s:\n${tail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
