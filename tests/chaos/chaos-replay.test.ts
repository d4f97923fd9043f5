import { expect, it } from 'vitest';
import { runChaos } from './chaos-run';

/**
 * Chaos replay: a handful of seeded schedules of swipes, undos and goal edits through the
 * app's outbox while the wire goes offline, answers 500 or slowly and the server is killed; every
 * intended write must land exactly once. A failing seed replays with
 * `npx tsx tests/bench/chaos-replay.ts --seed=<seed>`; the benchmark runs 100 schedules.
 */
const SEEDS = [1, 2, 3, 4, 5];

it('every write of every schedule lands exactly once', async () => {
  const report = await runChaos({ seeds: SEEDS, parallel: SEEDS.length });
  const bad = report.results.filter((r) => r.lost > 0 || r.duplicated > 0);
  const describe = bad.map(
    (r) =>
      `seed ${r.seed}: lost ${r.lost}, duplicated ${r.duplicated}` +
      ` (replay: npx tsx tests/bench/chaos-replay.ts --seed=${r.seed})\n    ${[...r.problems, ...r.failures.map((f) => `failed: ${f}`)].join('\n    ')}` +
      (r.stuck > 0 ? `\n    ${r.stuck} records still queued, first: ${r.leftovers.slice(0, 3).join('; ')}` : ''),
  );
  expect(describe.join('\n')).toBe('');
  // The schedules did hit the server with faults: a suite that never kills anything proves nothing.
  expect(report.deaths).toBeGreaterThan(0);
}, 170_000);
