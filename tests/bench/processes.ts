/**
 * What the benchmarks start and must stop again: the app build, the real server as a child process,
 * and a stack of clean-ups that also runs when the run is interrupted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

/** Clean-ups run in reverse order of registration; a failing one does not stop the others. */
export class Cleanup {
  private readonly steps: Array<() => unknown> = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    while (this.steps.length > 0) {
      const step = this.steps.pop()!;
      try {
        await step();
      } catch (error) {
        console.error('bench: clean-up failed:', error);
      }
    }
  }
}

/**
 * Child processes still running and temporary folders not yet removed: when this process exits
 * before the clean-ups ran (an error escaped, Ctrl+C), the children are killed and the folders removed.
 */
const children = new Set<ChildProcess>();
const folders = new Set<string>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Removes `folder` at the latest when the process exits; `removed()` after removing it earlier. */
export function removeOnExit(folder: string): { removed(): void } {
  folders.add(folder);
  return { removed: () => folders.delete(folder) };
}

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

/** `vite build --outDir <outDir>`, as the e2e setup builds (production mode, warnings only). */
export function buildApp(outDir: string): number {
  const started = performance.now();
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  return performance.now() - started;
}

export interface AppServer {
  origin: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** The first match of `pattern` printed after `since` characters of output. */
  waitForOutput(pattern: RegExp, since: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  stop(): Promise<void>;
}

/**
 * Starts `server/main.ts` (through tsx) on 127.0.0.1 with the given settings on top of a clean
 * environment: no DATABASE_URL, SMTP_URL or proxy settings of the shell leak in, so sign-in codes
 * are printed on stdout (DATABASE_URL may be passed in `env`). With `apiOnly` no built app is
 * needed: the server counts as ready once the API answers.
 */
export async function startAppServer(env: Record<string, string>, options: { apiOnly?: boolean } = {}): Promise<AppServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_ORIGIN', 'TRUST_PROXY', 'SESSION_IDLE_DAYS', 'HOST', 'PORT']) {
    delete inherited[name];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
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
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };

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
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
