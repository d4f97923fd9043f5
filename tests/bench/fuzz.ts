/**
 * Benchmark: the fuzz suite of server/fuzz.test.ts at ten times its size: 10,000 generated
 * malformed requests over every route the app registers, in process on an in-memory PGlite
 * database. Counts the cases, the 5xx answers and the other broken rules (error body shape, a
 * 400 that does not name the spoiled field), and prints the slowest case: a validation step
 * slower than linear shows up there first. FUZZ_SEED and FUZZ_RUNS change the run.
 */
import fc from 'fast-check';
import { openDatabase } from '../../server/db/database';
import { describeCase, fuzzCases, type FuzzCase } from '../../server/test/fuzz/cases';
import { violation } from '../../server/test/fuzz/rules';
import { sendCase } from '../../server/test/fuzz/send';
import { fuzzSettings } from '../../server/test/fuzz/env';
import { FUZZ_APP_ENV } from '../../server/test/fuzz/valid-requests';
import { buildFuzzWorld } from '../../server/test/fuzz/world';
import { apiRoutes } from '../../server/test/helpers/app-routes';
import { createTestContext } from '../../server/test/helpers/test-app';
import { heading, machineLoad, ms, table, verdict, type SummaryRow, runWhenStarted } from './report';

const SHOWN = 10;

export async function runFuzz(): Promise<SummaryRow[]> {
  const { seed, runs } = fuzzSettings(10_000);
  console.log(heading(`Fuzz: ${runs.toLocaleString('en')} malformed requests over every route (in process, no HTTP)`));
  const t = await createTestContext(FUZZ_APP_ENV, () => openDatabase({}));
  try {
    const w = await buildFuzzWorld(t);
    const routes = apiRoutes(t.app);
    const broken: Array<{ c: FuzzCase; problem: string; status: number }> = [];
    let cases = 0;
    let slowest = { ms: 0, c: undefined as FuzzCase | undefined };
    const started = performance.now();
    // fc.check rather than fc.assert: every case runs, and every broken rule is counted.
    await fc.check(
      fc.asyncProperty(fuzzCases(routes, w), async (c) => {
        cases++;
        const before = performance.now();
        const res = await sendCase(w, c);
        const took = performance.now() - before;
        if (took > slowest.ms) slowest = { ms: took, c };
        const problem = violation(c, res);
        if (problem) broken.push({ c, problem, status: res.status });
      }),
      { seed, numRuns: runs },
    );
    const seconds = (performance.now() - started) / 1000;
    const serverErrors = broken.filter((b) => b.status >= 500);
    console.log(`${routes.length} routes, seed ${seed}; ${seconds.toFixed(1)} s (${(cases / seconds).toFixed(0)} cases/s), ${machineLoad()}`);
    console.log(`Slowest case ${ms(slowest.ms)} ms: ${slowest.c ? describeCase(slowest.c) : '-'}`);
    if (broken.length > 0) {
      console.log(`\nFirst ${Math.min(SHOWN, broken.length)} of ${broken.length} broken rules:`);
      console.log(
        table(
          ['route', 'problem', 'request'],
          broken.slice(0, SHOWN).map((b) => [b.c.route, b.problem.slice(0, 80), describeCase(b.c).slice(0, 100)]),
          [0, 1, 2],
        ),
      );
    }
    return [
      { label: 'fuzz cases run', figure: cases.toLocaleString('en'), budget: '', verdict: '' },
      { label: 'fuzz 5xx answers', figure: String(serverErrors.length), budget: '0', verdict: verdict(serverErrors.length === 0) },
      {
        label: 'fuzz other broken rules',
        figure: String(broken.length - serverErrors.length),
        budget: '0',
        verdict: verdict(broken.length === serverErrors.length),
      },
    ];
  } finally {
    await t.close();
  }
}

runWhenStarted(import.meta.url, async () => {
  const rows = await runFuzz();
  console.log(
    table(
      ['figure', 'value', 'budget', 'met?'],
      rows.map((row) => [row.label, row.figure, row.budget, row.verdict]),
      [0, 1, 2, 3],
    ),
  );
});
