/**
 * The server as production runs it: compiled by scripts/build-server.ts and started with plain
 * node. Built once per test process into a temporary folder (never over a developer's
 * dist-server/), removed when the process exits. The folder links to the project's node_modules,
 * where Node looks for the packages the bundle leaves external.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildServer, SERVER_BUNDLE_OPTIONS } from '../../../scripts/build-server';
import { repoRoot } from './repo-root';

/**
 * How production starts the compiled server (the `serve` script, the Dockerfile's CMD; a test
 * checks they agree). The heap limits keep a busy server's memory near what it uses: without
 * them V8 let the heap of a server under load grow to 170 MB with 50 MB alive, and the embedded
 * database's process passed 400 MB (tests/bench/throughput.ts prints the figures).
 * 192 MB of old space is four times the most the benchmarks saw alive.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--max-old-space-size=192', '--max-semi-space-size=4'] as const;

let built: Promise<string> | undefined;
let crashBuilt: Promise<string> | undefined;

/** A temporary folder beside a link to node_modules, removed when the process exits. */
function buildFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mingle-server-build-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The path of the compiled main.js, built on first use. */
export function compiledServerEntry(): Promise<string> {
  built ??= buildServer(join(buildFolder(), 'server'));
  return built;
}

/**
 * The crash tests' entry (crash-server.ts) compiled as main.js is, built on first use: through
 * tsx each of its many starts spent seconds compiling the server again.
 */
export function compiledCrashServerEntry(): Promise<string> {
  crashBuilt ??= (async () => {
    const outfile = join(buildFolder(), 'crash-server.js');
    await build({
      entryPoints: [join(repoRoot, 'server', 'test', 'helpers', 'crash-server.ts')],
      outfile,
      ...SERVER_BUNDLE_OPTIONS,
    });
    return outfile;
  })();
  return crashBuilt;
}
