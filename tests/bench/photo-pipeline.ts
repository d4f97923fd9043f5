/**
 * Benchmark: a 12-megapixel phone photo (a 4000x3000 JPEG) through PATCH /api/users/me, in process
 * (the Hono app called through app.request(), no HTTP): multipart parsing, the type check, decoding
 * with the EXIF orientation, the centred square, both WebP renditions and the database writes.
 *
 * - Time: RUNS uploads one at a time after WARM_UP; target: p95 <= 500 ms on this machine.
 *   On PGlite in memory, and on PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database).
 * - Memory: the real server (server/main.ts, its own process, embedded database) gets 4 uploads at
 *   once over HTTP (it takes two at a time: the others are answered 503 and sent again after its
 *   Retry-After), ROUNDS times, while its resident set (VmRSS of /proc: JavaScript heap, Buffers
 *   and libvips' native memory together) is sampled every 5 ms; the growth is the peak over the RSS
 *   before its first upload (so libvips' start-up counts too). Target: < 200 MB. In
 *   process the figure would also count the client's copies of the bodies. Linux only (/proc).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import sharp from 'sharp';
import { createApp } from '../../server/app';
import { type OpenDatabase } from '../../server/db/database';
import { parseEnv } from '../../server/env';
import type { AppEnv } from '../../server/http/app-env';
import { createLogger } from '../../server/logger';
import { onBothDatabases } from './on-both-databases';
import { LastCodeMailer } from './last-code-mailer';
import { Cleanup, removeOnExit, startAppServer, type AppServer } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type Stats, type SummaryRow } from './report';

const BENCH_PREFIX = 'mingle_bench_photo';
const RUNS = 30;
const WARM_UP = 3;
const AT_ONCE = 4;
const ROUNDS = 3;
const P95_BUDGET_MS = 500;
const MEMORY_BUDGET_MB = 200;
const MB = 1024 * 1024;

/**
 * A phone-like 4000x3000 JPEG: smooth gradients with some sensor noise, about the size a phone
 * writes (a few MB), and EXIF orientation 6 as most phones held upright store it.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const n = (Math.random() - 0.5) * 24;
      pixels[at] = (x / width) * 200 + 30 + n;
      pixels[at + 1] = (y / height) * 180 + 40 + n;
      pixels[at + 2] = ((x + y) / (width + height)) * 220 + 20 + n;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

interface Memory {
  peakGrowthMb: number;
  baselineMb: number;
}

async function signedInMember(app: Hono<AppEnv>, mailer: LastCodeMailer): Promise<string> {
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const email = `bench-photo-${randomBytes(4).toString('hex')}@example.com`;
  const names = { firstName: 'Photo', lastName: 'Bench' };
  const post = (path: string, json: unknown) =>
    app.request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }, env);
  const requested = await post('/api/signup/pin/request', { ...names, email });
  if (requested.status !== 200) throw new Error(`signup request: ${requested.status}`);
  const verified = await post('/api/signup/pin/verify', { ...names, email, pin: mailer.lastCode(email) });
  const sid = verified.headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (verified.status !== 201 || !sid) throw new Error(`signup verify: ${verified.status}`);
  return sid.split(';')[0]!;
}

async function measure(database: OpenDatabase, photo: Buffer): Promise<Stats> {
  const mailer = new LastCodeMailer();
  const config = parseEnv({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_IP: '1000000',
    DIST_DIR: join(tmpdir(), `mingle-bench-no-dist-${randomBytes(4).toString('hex')}`),
  });
  const app = createApp({ db: database.db, mailer, config, logger: createLogger('silent') });
  const members = await Promise.all(Array.from({ length: AT_ONCE }, () => signedInMember(app, mailer)));
  const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const upload = async (cookie: string) => {
    const form = new FormData();
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const res = await app.request('http://localhost/api/users/me', { method: 'PATCH', headers: { cookie }, body: form }, env);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`PATCH /api/users/me: ${res.status} ${text.slice(0, 200)}`);
  };

  const samples: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const started = performance.now();
    // In turn, so that no member passes the uploads an hour allowed to one.
    await upload(members[i % members.length]!);
    if (i >= WARM_UP) samples.push(performance.now() - started);
  }
  return stats(samples);
}

function printTime(backend: string, time: Stats): SummaryRow[] {
  console.log(`\n${backend}: ${RUNS} timed uploads one at a time after ${WARM_UP} warm-up; milliseconds`);
  console.log(
    table(
      ['request', 'mean', 'p50', 'p95', 'p99', 'max', 'budget (p95)'],
      [['PATCH /api/users/me, 4000x3000 JPEG', ms(time.mean), ms(time.p50), ms(time.p95), ms(time.p99), ms(time.max), `${P95_BUDGET_MS}`]],
    ),
  );
  return [
    {
      label: `photo upload p95, ${backend}`,
      figure: `${ms(time.p95)} ms (p50 ${ms(time.p50)})`,
      budget: `<= ${P95_BUDGET_MS} ms`,
      verdict: verdict(time.p95 <= P95_BUDGET_MS),
    },
  ];
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;

async function signedInOverHttp(server: AppServer): Promise<string> {
  const email = `bench-photo-${randomBytes(4).toString('hex')}@example.com`;
  const names = { firstName: 'Photo', lastName: 'Bench' };
  const post = (path: string, json: unknown) =>
    fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify(json) });
  const since = server.output().length;
  const requested = await post('/api/signup/pin/request', { ...names, email });
  if (requested.status !== 200) throw new Error(`signup request: ${requested.status} ${await requested.text()}`);
  const [, pin] = await server.waitForOutput(new RegExp(`\\[mail\\] To: ${email.replace(/[.+]/g, '\\$&')}\\s+\\S.*?: (\\d{6})`), since);
  const verified = await post('/api/signup/pin/verify', { ...names, email, pin });
  const sid = verified.headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (verified.status !== 201 || !sid) throw new Error(`signup verify: ${verified.status}`);
  return sid.split(';')[0]!;
}

async function measureServerMemory(photo: Buffer): Promise<Memory> {
  const cleanup = new Cleanup();
  try {
    const work = await mkdtemp(join(tmpdir(), 'mingle-bench-photo-'));
    const onExit = removeOnExit(work);
    cleanup.add(async () => {
      await rm(work, { recursive: true, force: true });
      onExit.removed();
    });
    const server = await startAppServer({ DATA_DIR: join(work, 'data'), SEED_DEMO: 'false', LOG_LEVEL: 'error' }, { apiOnly: true });
    cleanup.add(() => server.stop());
    const pid = server.pid;
    const members = await Promise.all(Array.from({ length: AT_ONCE }, () => signedInOverHttp(server)));
    const upload = async (cookie: string) => {
      for (;;) {
        const form = new FormData();
        form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
        const res = await fetch(`${server.origin}/api/users/me`, { method: 'PATCH', headers: { cookie, origin: server.origin }, body: form });
        const text = await res.text();
        if (res.status === 200) return;
        // The server takes two uploads at a time (server/http/upload-gate.ts); the others try again, as the app's member would.
        if (res.status === 503) {
          await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
          continue;
        }
        throw new Error(`PATCH /api/users/me: ${res.status} ${text.slice(0, 200)}`);
      }
    };
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 5);
    try {
      for (let round = 0; round < ROUNDS; round++) await Promise.all(members.map(upload));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssOf(pid));
    return { peakGrowthMb: (peak - baseline) / MB, baselineMb: baseline / MB };
  } finally {
    await cleanup.run();
  }
}

function printMemory(memory: Memory): SummaryRow[] {
  console.log(
    `\nThe server (server/main.ts, embedded database), ${AT_ONCE} uploads at once over HTTP, ${ROUNDS} rounds: RSS ` +
      `${memory.baselineMb.toFixed(0)} MB before, peak growth ${memory.peakGrowthMb.toFixed(1)} MB (budget < ${MEMORY_BUDGET_MB} MB)`,
  );
  return [
    {
      label: `photo upload, ${AT_ONCE} at once: server RSS growth`,
      figure: `${memory.peakGrowthMb.toFixed(1)} MB`,
      budget: `< ${MEMORY_BUDGET_MB} MB`,
      verdict: verdict(memory.peakGrowthMb < MEMORY_BUDGET_MB),
    },
  ];
}

export async function runPhotoPipeline(): Promise<SummaryRow[]> {
  console.log(heading('Photo pipeline (PATCH /api/users/me with a 12-megapixel JPEG, in process)'));
  const photo = await phonePhoto();
  console.log(`The photo: 4000x3000 JPEG, ${(photo.length / MB).toFixed(1)} MB, EXIF orientation 6; ${machineLoad()}.`);
  const summary: SummaryRow[] = [];
  if (process.platform === 'linux') summary.push(...printMemory(await measureServerMemory(photo)));
  else console.log('\nServer memory: skipped (it reads /proc, Linux only).');
  summary.push(...(await onBothDatabases('photo pipeline', BENCH_PREFIX, async (backend, database) => printTime(backend, await measure(database, photo)))));
  return summary;
}

runWhenStarted(import.meta.url, runPhotoPipeline);
