/**
 * The server as production runs it: compiled by scripts/build-server.ts and started with plain
 * node. Built once per test process into a temporary folder (never over a developer's
 * dist-server/), removed when the process exits. The folder links to the project's node_modules,
 * where Node looks for the packages the bundle leaves external.
 */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../../scripts/build-server';
import { repoRoot } from './repo-root';

let built: Promise<string> | undefined;

/** The path of the compiled main.js, built on first use. */
export function compiledServerEntry(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mingle-server-build-'));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return buildServer(join(dir, 'server'));
  })();
  return built;
}
