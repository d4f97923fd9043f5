/** Figures and tables as the benchmarks print them. Nothing here judges a run: budgets are shown, not asserted. */
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';

/** One line of the summary that run.ts prints at the end. */
export interface SummaryRow {
  label: string;
  figure: string;
  budget: string;
  /** 'met', 'NOT met', or '' when there is no budget for the figure. */
  verdict: string;
}

export const KB = 1024;

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

export function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}

export interface Stats {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/** Nearest-rank percentiles of the samples (milliseconds). */
export function stats(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('No samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    count: sorted.length,
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: rank(50),
    p95: rank(95),
    p99: rank(99),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

/** A plain text table: the first column left-aligned, the others right-aligned unless told. */
export function table(header: string[], rows: string[][], leftAligned: number[] = [0]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (leftAligned.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}

export function heading(title: string): string {
  return `\n== ${title}\n`;
}

/** How busy the machine is: timings taken on a loaded machine measure the machine as much as the code. */
export function machineLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`;
}

/**
 * Runs a benchmark when its file is the one started (`npx tsx tests/bench/x.ts`), not when run.ts
 * imports it; exits when it is done, since browsers and servers it started may keep handles open.
 */
export function runWhenStarted(moduleUrl: string, benchmark: () => Promise<unknown>): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  benchmark().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
