import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compiledServerEntry, SERVER_NODE_ARGS } from './test/helpers/compiled-server';
import { repoRoot } from './test/helpers/repo-root';

/**
 * What the container image and compose file promise, checked where Docker cannot run.
 * The Dockerfile's syntax is checked by `npm run lint` (dockerfile-utils); this checks what it
 * must contain, and that the compiled server needs no package the runtime stage leaves out.
 */

const read = (name: string) => readFileSync(join(repoRoot, name), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };

/** A package's name from an import specifier: 'hono/route' is hono, '@hono/node-server/x' is @hono/node-server. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('the compiled server', () => {
  it('imports only Node built-ins and production dependencies (the image installs no others), never tsx', async () => {
    const bundle = readFileSync(await compiledServerEntry(), 'utf8');
    const specifiers = [...bundle.matchAll(/^\s*import\s[^'"]*?from\s+["']([^"']+)["'];?$|^\s*import\s+["']([^"']+)["'];?$|\bimport\(\s*["']([^"']+)["']\s*\)/gm)].map(
      (m) => m[1] ?? m[2] ?? m[3]!,
    );
    const packages = [...new Set(specifiers.filter((s) => !s.startsWith('node:')).map(packageOf))].sort();
    expect(packages.length).toBeGreaterThan(5);
    expect(packages.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    expect(packages).not.toContain('tsx');
  });
});

describe('the Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and runs the compiled server as a non-root user in a slim one with production dependencies', () => {
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages as [string, string];
    expect(build).toMatch(/^node:20-slim AS build/);
    expect(build).toMatch(/RUN npm ci\b/);
    expect(build).toMatch(/RUN npm run build$/m);
    expect(runtime).toMatch(/^node:20-slim AS runtime/);
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(runtime).toMatch(/COPY --from=build \/app\/dist-server \.\/dist-server/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^EXPOSE 8080$/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \["node", "-e", ".*\/healthz/m);
    const cmd = `CMD ${JSON.stringify(['node', ...SERVER_NODE_ARGS, 'dist-server/main.js']).replace(/","/g, '", "')}`;
    expect(runtime.split('\n')).toContain(cmd);
  });

  it('is built by the same npm script that `npm start` runs, which compiles the server', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build).toContain('build:server');
    expect(scripts.start).toMatch(/npm run build && npm run serve/);
    // Production's flags (SERVER_NODE_ARGS), as the tests and benchmarks start the server.
    expect(scripts.serve).toBe(['node', ...SERVER_NODE_ARGS, 'dist-server/main.js'].join(' '));
  });
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
