#!/usr/bin/env node
// npm run bench — every benchmark, one after the other, then one Markdown table of their figures in
// docs/benchmarks.md (measure, baseline measured in the same run, ratio, peak memory), so releases compare
// like for like. `npm run bench -- auth upload` runs only the named ones. Each benchmark's own sizes can be
// lowered for a quick run with its BENCH_* variables (see each script); the report lists the ones set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';

/** name → the command `npm run bench:<name>` runs. */
const BENCHMARKS = {
  start: ['node', ['infra/bench/start.mjs']],
  auth: ['node', ['infra/bin/bench.mjs', 'auth']],
  upload: ['node', ['infra/bench/upload.mjs']],
  dashboards: ['node', ['infra/bench/dashboards.mjs']],
  load: ['node', ['infra/bench/load.mjs']],
  backlog: ['node', ['infra/bench/backlog.mjs']],
  analysis: ['node', ['infra/bench/analysis.mjs']],
  web: ['node', ['infra/bin/bench.mjs', 'web']],
  lighthouse: ['node', ['infra/bin/bench.mjs', 'lighthouse']],
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; choose from ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : Object.keys(BENCHMARKS);

ensureInstalled();
ensureBuilt();
const { readRows } = await import('@touchline/tooling');

const work = mkdtempSync(path.join(tmpdir(), 'touchline-bench-all-'));
const reportFile = path.join(work, 'rows.jsonl');
const failures = [];
const started = new Date();
for (const name of names) {
  const [command, args] = BENCHMARKS[name];
  log(`bench:${name}…`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_REPORT: reportFile } });
  if (result.status !== 0) failures.push({ benchmark: `bench:${name}`, reason: `exited with ${result.status ?? result.signal}` });
}
const rows = readRows(reportFile);
rmSync(work, { recursive: true, force: true });

const cell = (value) => String(value ?? '—').replaceAll('|', '\\|');
const ratio = (row) => (row.ratio == null ? '—' : `${row.ratio.toFixed(2)}×`);
const memory = (row) => (row.peakMiB == null ? '—' : `${row.peakMiB.toFixed(0)} MiB${row.memoryOf ? ` (${row.memoryOf})` : ''}`);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
const settings = Object.entries(process.env)
  .filter(([key]) => key.startsWith('BENCH_') && key !== 'BENCH_REPORT')
  .map(([key, value]) => `${key}=${value}`);

const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (each row also has its own `npm run bench:<name>`). Every ratio compares the',
  'product with a baseline measured on the same machine in the same run, so rows compare across releases',
  'even when the machine differs; the absolute figures do not. Peak memory is the resident set of the process named.',
  '',
  `- Run: ${started.toISOString()}, commit ${commit || 'unknown'}, Node ${process.version}`,
  `- Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory`,
  `- Settings: ${settings.length ? settings.join(', ') : 'defaults'}`,
  ...(process.env.BENCH_NOTE ? [`- Note: ${process.env.BENCH_NOTE}`] : []),
  '',
  '| Benchmark | Measure | Result | Baseline (same run) | Ratio | Target | Peak memory |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map((row) => `| ${[row.benchmark, row.measure, row.result, row.baseline, ratio(row), row.target ?? '—', memory(row)].map(cell).join(' | ')} |`),
  ...failures.map((f) => `| ${cell(f.benchmark)} | did not finish | ${cell(f.reason)} | — | — | — | — |`),
  '',
];
// What follows the marker in docs/benchmarks.md (per-route tables measured once, before and after a change) is kept.
const docFile = path.join(root, 'docs', 'benchmarks.md');
const KEPT = '<!-- Below: kept as it is by npm run bench. -->';
const kept = existsSync(docFile) ? readFileSync(docFile, 'utf8').split(KEPT)[1] : undefined;
writeFileSync(docFile, lines.join('\n') + (kept === undefined ? '' : `${KEPT}${kept}`));
log(`wrote docs/benchmarks.md (${rows.length} rows${failures.length ? `, ${failures.length} benchmark(s) failed` : ''})`);
process.exit(failures.length ? 1 : 0);
