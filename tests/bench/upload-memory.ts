/**
 * Benchmark: what a burst of large uploads does to the real server's memory and to its other
 * answers. The compiled server on a fresh embedded database with the demo data (a first start, as
 * `npm start` makes it); the demo member sends UPLOADS profile photos of about 14 MB at once (a
 * 5200x3900 JPEG of noise, which a phone's photo library could hold) as multipart
 * `PATCH /api/users/me`, while GET /healthz is asked every PROBE_EVERY_MS on another connection.
 *
 * Printed: the answers by status; the server's RSS (VmRSS of the process and its children, sampled
 * every 10 ms) before, at its peak, and 5, 15 and 30 s after the burst (the last is the idle figure:
 * what the burst left is garbage until V8's collector comes by, which it does on an idle process
 * within seconds, not at once); and /healthz p50, p95 and max
 * during the burst. Targets: peak under 450 MB, idle under 300 MB again, /healthz p95 under 200 ms.
 * Linux only (/proc). `npx tsx tests/bench/upload-memory.ts`
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { startServerProcess } from '../../server/test/helpers/server-process';
import { processTreeRssMb } from './process-usage';
import { signInDemoMember } from './demo-sign-in';
import { Cleanup, removeOnExit } from './processes';
import { heading, machineLoad, ms, runWhenStarted, stats, table, verdict, type SummaryRow } from './report';

const UPLOADS = 20;
const PROBE_EVERY_MS = 50;
const SAMPLE_EVERY_MS = 10;
const SETTLE_MS = 3_000;
/** When the RSS is read after the burst, in seconds; the last is the idle figure. */
const AFTER_SECONDS = [5, 15, 30];
const PEAK_BUDGET_MB = 450;
const IDLE_BUDGET_MB = 300;
const HEALTH_P95_BUDGET_MS = 200;
const MB = 1024 * 1024;

/** A photo of about 14 MB: noise compresses badly, so a 20-megapixel JPEG at quality 92 is that large. */
async function largePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 5200, height: 3900, channels: 3, background: { r: 90, g: 140, b: 200 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The /healthz probes, from a thread of their own: on the uploads' thread they would wait behind
 * the 280 MB of bodies this process sends, and measure that rather than the server.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.once('message', () => { stopped = true; });
(async () => {
  const health = [];
  let healthFailures = 0;
  while (!stopped) {
    const started = performance.now();
    try {
      const res = await fetch(workerData.url);
      await res.arrayBuffer();
      if (res.status === 200) health.push(performance.now() - started);
      else healthFailures++;
    } catch {
      healthFailures++;
    }
    await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
  }
  parentPort.postMessage({ health, healthFailures });
})();
`;

function startProber(origin: string): { stop(): void; result: Promise<{ health: number[]; healthFailures: number }> } {
  const worker = new Worker(PROBER, { eval: true, workerData: { url: `${origin}/healthz`, everyMs: PROBE_EVERY_MS } });
  const result = new Promise<{ health: number[]; healthFailures: number }>((resolve, reject) => {
    worker.once('message', (message: { health: number[]; healthFailures: number }) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  return { stop: () => worker.postMessage('stop'), result };
}

interface Answer {
  status: number | 'connection error';
  ms: number;
  retryAfter: string | null;
}

interface Measured {
  photoBytes: number;
  beforeMb: number;
  peakMb: number;
  /** RSS at each of AFTER_SECONDS. */
  afterMb: number[];
  answers: Answer[];
  burstMs: number;
  health: number[];
  healthFailures: number;
}

async function measure(cleanup: Cleanup): Promise<Measured> {
  const work = await mkdtemp(join(tmpdir(), 'mingle-bench-upload-'));
  const onExit = removeOnExit(work);
  cleanup.add(async () => {
    await rm(work, { recursive: true, force: true });
    onExit.removed();
  });
  const photo = await largePhoto();
  const server = await startServerProcess({ DATA_DIR: join(work, 'data'), SEED_DEMO: 'true', LOG_LEVEL: 'error', LOG_FORMAT: 'text' }, { apiOnly: true });
  cleanup.add(() => server.stop());
  const cookie = await signInDemoMember(server);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const beforeMb = processTreeRssMb(server.pid);

  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, processTreeRssMb(server.pid));
  }, SAMPLE_EVERY_MS);
  const prober = startProber(server.origin);

  const upload = async (): Promise<Answer> => {
    const form = new FormData();
    form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const started = performance.now();
    try {
      const res = await fetch(`${server.origin}/api/users/me`, { method: 'PATCH', headers: { cookie, origin: server.origin }, body: form });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') };
    } catch {
      return { status: 'connection error', ms: performance.now() - started, retryAfter: null };
    }
  };
  const burstStarted = performance.now();
  let answers: Answer[];
  try {
    answers = await Promise.all(Array.from({ length: UPLOADS }, upload));
  } finally {
    prober.stop();
  }
  const burstMs = performance.now() - burstStarted;
  const { health, healthFailures } = await prober.result;
  const burstEnded = performance.now();
  const afterMb: number[] = [];
  for (const seconds of AFTER_SECONDS) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, burstEnded + seconds * 1000 - performance.now())));
    afterMb.push(processTreeRssMb(server.pid));
  }
  clearInterval(sampler);
  return { photoBytes: photo.length, beforeMb, peakMb, afterMb, answers, burstMs, health, healthFailures };
}

function report(m: Measured): SummaryRow[] {
  const byStatus = new Map<string, Answer[]>();
  for (const answer of m.answers) byStatus.set(String(answer.status), [...(byStatus.get(String(answer.status)) ?? []), answer]);
  console.log(
    `\n${UPLOADS} uploads of ${(m.photoBytes / MB).toFixed(1)} MB at once from one member, the burst over in ${ms(m.burstMs)} ms; ` +
      `/healthz every ${PROBE_EVERY_MS} ms meanwhile; ${machineLoad()}`,
  );
  console.log(
    table(
      ['answer', 'count', 'answered after p50 (max) ms', 'Retry-After'],
      [...byStatus].map(([status, answers]) => {
        const times = stats(answers.map((a) => a.ms));
        const retry = [...new Set(answers.map((a) => a.retryAfter).filter((r) => r !== null))].join(', ');
        return [status, String(answers.length), `${ms(times.p50)} (${ms(times.max)})`, retry || '-'];
      }),
    ),
  );
  const health = m.health.length > 0 ? stats(m.health) : undefined;
  console.log(
    `\nRSS: ${m.beforeMb.toFixed(0)} MB before, peak ${m.peakMb.toFixed(0)} MB (budget < ${PEAK_BUDGET_MB}), ` +
      `after the burst ${AFTER_SECONDS.map((seconds, i) => `${m.afterMb[i]!.toFixed(0)} MB at ${seconds} s`).join(', ')} (budget < ${IDLE_BUDGET_MB} idle)`,
  );
  console.log(
    health
      ? `/healthz during the burst: ${health.count} answers, p50 ${ms(health.p50)} ms, p95 ${ms(health.p95)} ms, max ${ms(health.max)} ms` +
          `${m.healthFailures > 0 ? `, ${m.healthFailures} failed` : ''} (budget p95 < ${HEALTH_P95_BUDGET_MS} ms)`
      : `/healthz during the burst: no answer (${m.healthFailures} failed)`,
  );
  const idleMb = m.afterMb[m.afterMb.length - 1]!;
  return [
    {
      label: `${UPLOADS} x 14 MB uploads: peak RSS`,
      figure: `${m.peakMb.toFixed(0)} MB`,
      budget: `< ${PEAK_BUDGET_MB} MB`,
      verdict: verdict(m.peakMb < PEAK_BUDGET_MB),
    },
    {
      label: `${UPLOADS} x 14 MB uploads: idle RSS ${AFTER_SECONDS[AFTER_SECONDS.length - 1]} s after`,
      figure: `${idleMb.toFixed(0)} MB`,
      budget: `< ${IDLE_BUDGET_MB} MB`,
      verdict: verdict(idleMb < IDLE_BUDGET_MB),
    },
    {
      label: `${UPLOADS} x 14 MB uploads: /healthz p95`,
      figure: health ? `${ms(health.p95)} ms (p50 ${ms(health.p50)}, max ${ms(health.max)})` : 'no answer',
      budget: `< ${HEALTH_P95_BUDGET_MS} ms`,
      verdict: verdict(health !== undefined && m.healthFailures === 0 && health.p95 < HEALTH_P95_BUDGET_MS),
    },
  ];
}

export async function runUploadMemory(): Promise<SummaryRow[]> {
  console.log(heading(`Upload memory (${UPLOADS} photo uploads of 14 MB at once, the compiled server on the embedded database)`));
  if (process.platform !== 'linux') {
    console.log('Skipped: it reads /proc, Linux only.');
    return [];
  }
  const cleanup = new Cleanup();
  try {
    return report(await measure(cleanup));
  } finally {
    await cleanup.run();
  }
}

runWhenStarted(import.meta.url, runUploadMemory);
