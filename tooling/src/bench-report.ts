// The rows a benchmark adds to `npm run bench`'s table. Each benchmark still prints its own figures; when run by
// `npm run bench`, BENCH_REPORT names a file of JSON lines that collects every benchmark's rows in one run.
import { appendFileSync, readFileSync } from 'node:fs';

/** One row of the combined report. */
export interface BenchRow {
  /** The npm script, e.g. "bench:auth". */
  benchmark: string;
  /** What was measured, with its unit. */
  measure: string;
  /** The measured figure. */
  result: string;
  /** What it is compared with, measured in the same run. */
  baseline: string;
  /** result / baseline. */
  ratio: number | null;
  /** The goal for the ratio or the figure. */
  target?: string;
  /** Peak resident memory of the process under test, MiB. */
  peakMiB?: number | null;
  /** Whose memory peakMiB is. */
  memoryOf?: string;
}

/** Records rows for the combined report; a no-op when the benchmark runs on its own. */
export function reportRows(rows: readonly BenchRow[]): void {
  const file = process.env.BENCH_REPORT;
  if (!file) return;
  appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

/** Every row recorded in `file`. */
export function readRows(file: string): BenchRow[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchRow);
}

/** Peak resident memory of a running process (VmHWM), MiB; null where /proc is not available. */
export function peakRssMiB(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Current resident memory of a running process (VmRSS), bytes. */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
