// The rows a benchmark adds to `npm run bench`'s table. Each benchmark still prints its own figures; when run by
// `npm run bench`, BENCH_REPORT names a file of JSON lines that collects every benchmark's rows in one run.
import { appendFileSync, readFileSync } from 'node:fs';

/**
 * @typedef {object} BenchRow
 * @property {string} benchmark   the npm script, e.g. "bench:auth"
 * @property {string} measure     what was measured, with its unit
 * @property {string} result      the measured figure
 * @property {string} baseline    what it is compared with, measured in the same run
 * @property {number|null} ratio  result / baseline (higher is better unless `lowerIsBetter`)
 * @property {string} [target]    the goal for the ratio or the figure
 * @property {number|null} [peakMiB] peak resident memory of the process under test, MiB
 * @property {string} [memoryOf]  whose memory peakMiB is
 */

/** Records rows for the combined report; a no-op when the benchmark runs on its own. */
export function reportRows(rows) {
  const file = process.env.BENCH_REPORT;
  if (!file) return;
  appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

/** Every row recorded in `file`. */
export function readRows(file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Peak resident memory of a running process (VmHWM), MiB; null where /proc is not available. */
export function peakRssMiB(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Current resident memory of a running process (VmRSS), bytes. */
export function rssBytes(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) * 1024;
}
