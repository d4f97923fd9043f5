/**
 * The built app the browser benchmarks serve: `vite build` into a temporary folder once per run
 * (every benchmark of `npm run bench` measures the same build), or ./dist as it is with
 * BENCH_SKIP_BUILD=1. The temporary folder is removed when the process exits.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchEnv } from './env';
import { buildApp, removeOnExit, root } from './processes';

let built: Promise<string> | undefined;

async function build(): Promise<string> {
  if (benchEnv.skipBuild) {
    const distDir = join(root, 'dist');
    if (!existsSync(join(distDir, 'index.html'))) throw new Error('BENCH_SKIP_BUILD=1 but dist/ is not built (npm run build)');
    const when = (await stat(join(distDir, 'index.html'))).mtime;
    console.log(`build: ./dist as it is (BENCH_SKIP_BUILD=1), built ${when.toISOString()}`);
    return distDir;
  }
  const work = await mkdtemp(join(tmpdir(), 'mingle-bench-build-'));
  removeOnExit(work);
  const distDir = join(work, 'dist');
  const took = buildApp(distDir);
  console.log(`build: vite build into a temporary folder in ${(took / 1000).toFixed(1)} s`);
  return distDir;
}

/** The dist folder to serve; the first call builds, later calls get the same folder. */
export async function builtApp(): Promise<string> {
  if (built) {
    const distDir = await built;
    console.log('build: the one made earlier in this run');
    return distDir;
  }
  built = build();
  // A failed build is not cached: the next benchmark tries again and reports its own error.
  built.catch(() => (built = undefined));
  return built;
}
