/**
 * `npm run build:server`: compiles the API server to JavaScript in dist-server/ (main.js; the demo
 * seed's own process, seed-process.js, which main.js starts from beside itself on a first start;
 * and seed-cli.js for `node dist-server/seed-cli.js` where tsx is not installed), so production runs
 * it with plain node and no TypeScript loader. One bundle per entry: server/ imports without file
 * extensions, which Node's own ESM loader refuses; packages stay external (node_modules is read
 * at run time, so native ones such as sharp keep working). Takes well under a second.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));

export const SERVER_OUT_DIR = join(root, 'dist-server');

/** How a server entry is bundled (also the crash tests' entry, compiled-server.ts). */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Stack traces point into server/*.ts with `node --enable-source-maps`.
  sourcemap: true,
  logLevel: 'warning',
} satisfies BuildOptions;

/** Builds into `outDir`; returns the path of main.js. Node looks for packages from there upwards. */
export async function buildServer(outDir = SERVER_OUT_DIR): Promise<string> {
  await build({
    entryPoints: {
      main: join(root, 'server', 'main.ts'),
      'seed-process': join(root, 'server', 'lifecycle', 'seed-process.ts'),
      'seed-cli': join(root, 'server', 'db', 'seed-cli.ts'),
    },
    outdir: outDir,
    ...SERVER_BUNDLE_OPTIONS,
  });
  return join(outDir, 'main.js');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  await buildServer();
  console.log(`server built in ${Math.round(performance.now() - started)} ms: dist-server/main.js`);
}
