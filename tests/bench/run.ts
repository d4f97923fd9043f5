/**
 * `npm run bench`: runs the benchmarks in order and prints a summary. The figures are printed next
 * to their docs/architecture.md budget; nothing fails on a timing or a size. The exit code is 1 only when a
 * benchmark could not run (for example no Chromium).
 */
import { runAuthApiLatency } from './auth-api-latency';
import { runChaosReplay } from './chaos-replay';
import { runConnectJs } from './connect-js';
import { runContentCheck } from './content-check';
import { runDeckRanking } from './deck-ranking';
import { runDeckSmoothness } from './deck-smoothness';
import { runEventsLatency } from './events-latency';
import { runFirstScreenJs } from './first-screen-js';
import { runFirstStartMemory } from './first-start-memory';
import { runFuzz } from './fuzz';
import { runLighthouse } from './lighthouse';
import { runLocationSearch } from './location-search';
import { runMeetings } from './meetings';
import { runMessages } from './messages';
import { runMingleCompilation } from './mingle-compilation';
import { runNetworkLatency } from './network-latency';
import { runOfflineStart } from './offline-start';
import { runHangingNetwork } from './hanging-network';
import { runOutboxDrain } from './outbox-drain';
import { runReconnectStorm } from './reconnect-storm';
import { runPhotoPipeline } from './photo-pipeline';
import { runPromoPage } from './promo-page';
import { runPushReminders } from './push-reminders';
import { runRecommendationQuality } from './recommendation-quality';
import { heading, table, type SummaryRow } from './report';
import { runWebhookThroughput } from './webhook-throughput';
import { runScanToConnect } from './scan-to-connect';
import { runServerStartup } from './server-startup';
import { runThroughput } from './throughput';
import { runUploadMemory } from './upload-memory';

// The browser benchmarks share one build of the app (built-app.ts), made by the first of them.
const benchmarks: Array<{ name: string; run: () => Promise<SummaryRow[]> }> = [
  { name: 'first-screen JS', run: runFirstScreenJs },
  { name: 'promo page', run: runPromoPage },
  { name: 'deck JS', run: runConnectJs },
  { name: 'deck smoothness', run: runDeckSmoothness },
  { name: 'offline start', run: runOfflineStart },
  { name: 'hanging network', run: runHangingNetwork },
  { name: 'scan to connect', run: runScanToConnect },
  { name: 'Lighthouse', run: runLighthouse },
  { name: 'server start-up', run: runServerStartup },
  { name: 'first-start memory', run: runFirstStartMemory },
  { name: 'HTTP throughput', run: runThroughput },
  { name: 'auth API latency', run: runAuthApiLatency },
  { name: 'events API latency', run: runEventsLatency },
  { name: 'deck ranking', run: runDeckRanking },
  { name: 'location search', run: runLocationSearch },
  { name: 'network latency', run: runNetworkLatency },
  { name: 'mingle compilation', run: runMingleCompilation },
  { name: 'meetings', run: runMeetings },
  { name: 'messages', run: runMessages },
  { name: 'webhook throughput', run: runWebhookThroughput },
  { name: 'push reminders', run: runPushReminders },
  { name: 'recommendations', run: runRecommendationQuality },
  { name: 'photo pipeline', run: runPhotoPipeline },
  { name: 'upload memory', run: runUploadMemory },
  { name: 'outbox drain', run: runOutboxDrain },
  { name: 'reconnect storm', run: runReconnectStorm },
  { name: 'chaos replay', run: runChaosReplay },
  { name: 'content check', run: runContentCheck },
  { name: 'fuzz', run: runFuzz },
];

// Ctrl+C: exiting runs the 'exit' hook of processes.ts (kills the server, removes the temporary
// folder); Playwright closes its browser on exit by itself.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping`);
    process.exit(130);
  });
}

const started = performance.now();
const summary: SummaryRow[] = [];
const failed: string[] = [];
for (const benchmark of benchmarks) {
  try {
    summary.push(...(await benchmark.run()));
  } catch (error) {
    failed.push(benchmark.name);
    console.error(`\nbench: ${benchmark.name} failed:`, error);
    summary.push({ label: benchmark.name, figure: 'FAILED (see above)', budget: '', verdict: '' });
  }
}

console.log(heading(`Summary (${((performance.now() - started) / 1000).toFixed(0)} s; KB = 1024 bytes)`));
console.log(
  table(
    ['figure', 'value', 'budget', 'met?'],
    summary.map((row) => [row.label, row.figure, row.budget, row.verdict]),
    [0, 1, 2, 3],
  ),
);
console.log('\nBudgets are shown, not asserted: tests never assert timings.');
// Everything was closed above; exit anyway so that nothing left open can keep the run alive.
process.exit(failed.length > 0 ? 1 : 0);
