/**
 * Benchmark: the content check (contract/content-check.ts) on 64 KB inputs built to make each of
 * its patterns backtrack (contract/content-check-adversarial.ts); target: every pattern linear,
 * each check well under 50 ms (a backtracking pattern took 32 s on 6,000 characters).
 * Prints the worst input per pattern (best of 3 runs each) and containsCode on the worst of all.
 */
import { CODE_PATTERNS, containsCode } from '../../contract/content-check';
import { adversarialInputs } from '../../contract/content-check-adversarial';
import { heading, machineLoad, ms, runWhenStarted, table, verdict, type SummaryRow } from './report';

const SIZE = 64 * 1024;
const BUDGET_MS = 50;

function bestOfThree(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const preview = (input: string) => JSON.stringify(`${input.slice(0, 18)}…${input.slice(-3)}`);

export async function runContentCheck(): Promise<SummaryRow[]> {
  console.log(heading('Content check on adversarial 64 KB inputs'));
  console.log(machineLoad());
  const rows: string[][] = [];
  let worst = { ms: 0, input: '' };
  let inputsRun = 0;
  CODE_PATTERNS.forEach((pattern, index) => {
    let patternWorst = { ms: 0, input: '' };
    for (const input of adversarialInputs(pattern, SIZE)) {
      const took = bestOfThree(() => pattern.test(input));
      inputsRun++;
      if (took > patternWorst.ms) patternWorst = { ms: took, input };
    }
    if (patternWorst.ms > worst.ms) worst = patternWorst;
    rows.push([String(index), pattern.source.slice(0, 40), ms(patternWorst.ms), preview(patternWorst.input)]);
  });
  console.log(table(['#', 'pattern', 'worst ms', 'worst input'], rows, [1, 3]));
  const whole = bestOfThree(() => containsCode(worst.input));
  console.log(`\n${inputsRun} inputs of ${SIZE / 1024} KB; worst single pattern ${ms(worst.ms)} ms; containsCode on that input ${ms(whole)} ms`);
  const figure = Math.max(worst.ms, whole);
  return [{ label: 'content check, worst 64 KB input', figure: `${ms(figure)} ms`, budget: `< ${BUDGET_MS} ms`, verdict: verdict(figure < BUDGET_MS) }];
}

runWhenStarted(import.meta.url, runContentCheck);
