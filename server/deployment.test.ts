import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DockerfileParser, type Env } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compiledServerEntry } from './test/helpers/compiled-server';
import { repoRoot } from './test/helpers/repo-root';
import { freePort } from './test/helpers/server-process';

/**
 * What the container image and compose file promise, checked where Docker cannot run: the
 * compiled server needs no package the runtime stage leaves out, and the runtime stage's own
 * instructions, carried out here as Docker would, give a server that passes its health check.
 * The Dockerfile's syntax is checked by `npm run lint` (dockerfile-utils).
 */

const read = (name: string) => readFileSync(join(repoRoot, name), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };

/** A package's name from an import specifier: 'hono/route' is hono, '@hono/node-server/x' is @hono/node-server. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the compiled server', () => {
  it('imports only Node built-ins and production dependencies (the image installs no others), never tsx', async () => {
    const bundle = readFileSync(await compiledServerEntry(), 'utf8');
    const specifiers = [
      ...bundle.matchAll(/^\s*import\s[^'"]*?from\s+["']([^"']+)["'];?$|^\s*import\s+["']([^"']+)["'];?$|\bimport\(\s*["']([^"']+)["']\s*\)/gm),
    ].map((m) => m[1] ?? m[2] ?? m[3]!);
    const packages = [...new Set(specifiers.filter((s) => !s.startsWith('node:')).map(packageOf))].sort();
    expect(packages.length).toBeGreaterThan(5);
    expect(packages.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    expect(packages).not.toContain('tsx');
  });
});

describe("the Dockerfile's runtime stage", () => {
  const instructions = DockerfileParser.parse(read('Dockerfile')).getInstructions();
  const runtime = instructions.slice(instructions.findLastIndex((instruction) => instruction.getKeyword() === 'FROM'));
  const argsOf = (keyword: string) => runtime.find((instruction) => instruction.getKeyword() === keyword)?.getArgumentsContent() ?? '';
  const imageEnv = Object.fromEntries(
    runtime
      .filter((instruction) => instruction.getKeyword() === 'ENV')
      .flatMap((instruction) => (instruction as Env).getProperties().map((p) => [p.getName(), p.getValue() ?? ''])),
  ) as Record<string, string>;
  const workdir = argsOf('WORKDIR');
  const command = JSON.parse(argsOf('CMD')) as string[];
  const healthcheck = JSON.parse(argsOf('HEALTHCHECK').replace(/^CMD\s+/, '')) as string[];

  it('starts the compiled server as `npm run serve` does, and listens on the port it exposes', async () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(command.join(' ')).toBe(scripts.serve);
    expect(scripts.start).toMatch(/npm run build && npm run serve/);
    expect(scripts.build).toContain('build:server');
    expect(argsOf('EXPOSE')).toBe(imageEnv.PORT);
  });

  it(
    "runs as Docker runs it: its CMD from its WORKDIR with its ENV serves, its HEALTHCHECK passes, and `docker stop`'s SIGTERM ends it with 0",
    { timeout: 120_000 },
    async () => {
      // The image's folders, here: /app holds dist-server/ (the compiled server), node_modules/ and
      // dist/; the volume is a temporary folder. The port is a free one, as PORT says.
      const root = mkdtempSync(join(tmpdir(), 'mingle-image-'));
      try {
        const app = join(root, 'app');
        mkdirSync(join(app, 'dist'), { recursive: true });
        symlinkSync(dirname(await compiledServerEntry()), join(app, 'dist-server'), 'dir');
        symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
        const inImage = (path: string) => (path.startsWith(workdir) ? join(app, path.slice(workdir.length)) : join(root, path));
        const port = String(await freePort());
        const env = {
          PATH: process.env.PATH ?? '',
          ...imageEnv,
          PORT: port,
          DATA_DIR: inImage(imageEnv.DATA_DIR!),
          DIST_DIR: inImage(imageEnv.DIST_DIR!),
          SEED_DEMO: 'false',
        };
        mkdirSync(env.DATA_DIR, { recursive: true });
        const [program, ...args] = command;
        expect(program).toBe('node');
        const server = spawn(process.execPath, args, { cwd: inImage(workdir), env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
        try {
          const check = () =>
            new Promise<number | null>((resolve) =>
              spawn(process.execPath, healthcheck.slice(1), { env, stdio: 'ignore' }).once('exit', (code) => resolve(code)),
            );
          const deadline = Date.now() + 90_000;
          while ((await check()) !== 0) {
            expect(server.exitCode, output).toBeNull();
            expect(Date.now(), output).toBeLessThan(deadline);
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          // NODE_ENV=production: a JSON line a message, for log collectors.
          expect(output).toMatch(/^\{.*"msg":"Mingle is running at /m);
        } finally {
          server.kill('SIGTERM');
        }
        expect(await exited, output).toBe(0);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );
});

describe('compose.yaml', () => {
  interface Service {
    image?: string;
    build?: string;
    environment?: Record<string, string>;
    healthcheck?: { test: string[] };
    depends_on?: Record<string, { condition: string }>;
    ports?: string[];
    volumes?: string[];
    stop_grace_period?: string;
  }
  const compose = parse(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };

  it('runs the app on PostgreSQL 16 once the database is healthy, with its data in a volume', () => {
    const { db, app } = compose.services;
    expect(db?.image).toBe('postgres:16');
    expect(db?.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
    const [volume] = db?.volumes?.[0]?.split(':') ?? [];
    expect(compose.volumes).toHaveProperty(volume!);
    expect(app?.build).toBe('.');
    expect(app?.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    const env = app?.environment ?? {};
    const url = new URL(env.DATABASE_URL!);
    expect([url.protocol, url.hostname, url.username, url.pathname]).toEqual([
      'postgres:',
      'db',
      db?.environment?.POSTGRES_USER,
      `/${db?.environment?.POSTGRES_DB}`,
    ]);
    expect(url.password).toBe(db?.environment?.POSTGRES_PASSWORD);
    expect(Number(env.WORKERS)).toBeGreaterThan(1);
    expect(app?.ports).toEqual(['8080:8080']);
  });

  it("gives the app longer to stop than the server's shutdown deadline", () => {
    expect(Number.parseInt(compose.services.app?.stop_grace_period ?? '10s', 10) * 1000).toBeGreaterThan(10_000);
  });
});
