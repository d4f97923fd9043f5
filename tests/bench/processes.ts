/**
 * What the benchmarks start and must stop again: the app build, the real server as a child process,
 * and a stack of clean-ups that also runs when the run is interrupted.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startServerProcess, type AppServer } from '../../server/test/helpers/server-process';

export type { AppServer } from '../../server/test/helpers/server-process';
export const root = repoRoot;

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
 * Temporary folders not yet removed: when this process exits before the clean-ups ran (an error
 * escaped, Ctrl+C), they are removed (server-process.ts kills the children).
 */
const folders = new Set<string>();
process.on('exit', () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Removes `folder` at the latest when the process exits; `removed()` after removing it earlier. */
export function removeOnExit(folder: string): { removed(): void } {
  folders.add(folder);
  return { removed: () => folders.delete(folder) };
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

/**
 * Starts `server/main.ts` (see server/test/helpers/server-process.ts: a clean environment, killed
 * when this process exits). With `apiOnly` no built app is needed.
 */
export function startAppServer(env: Record<string, string>, options: { apiOnly?: boolean } = {}): Promise<AppServer> {
  return startServerProcess(env, options);
}
