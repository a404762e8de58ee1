#!/usr/bin/env node
// npm run bench:start — how long `npm start` takes to serve a healthy product on a data directory that already
// exists (the "second start"), next to the embedded PostgreSQL's own start on the same directory, measured in
// the same run. The first (cold) start, which creates the cluster and runs migrations, is printed too.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from '../lib/setup.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 18_799);
// Its own mail-catcher ports, so a product already running with the defaults does not get in the way.
const MAIL = { MAILDEV_SMTP_PORT: process.env.BENCH_MAIL_SMTP_PORT ?? '18797', MAILDEV_WEB_PORT: process.env.BENCH_MAIL_WEB_PORT ?? '18798' };

ensureInstalled();
ensureBuilt();
const { apiNodeFlags, reportRows } = await import('@touchline/tooling');
const { startEmbeddedPostgres } = createRequire(import.meta.url)('@touchline/api/tooling');

async function timeProductStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, [...apiNodeFlags(), path.join(root, 'infra/bin/start.mjs')], {
    cwd: root,
    env: { ...process.env, ...MAIL, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null) throw new Error(`product exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  child.kill('SIGINT');
  if ((await exited) !== 0) throw new Error('product did not stop cleanly');
  return ms;
}

async function timeDatabaseStart(dataDir) {
  const started = performance.now();
  const db = await startEmbeddedPostgres(dataDir);
  const ms = performance.now() - started;
  await db.stop();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'touchline-bench-start-'));
try {
  const cold = await timeProductStart(dataDir);
  const warm = [];
  const database = [];
  for (let i = 0; i < RUNS; i++) {
    warm.push(await timeProductStart(dataDir));
    database.push(await timeDatabaseStart(dataDir));
  }
  const ratio = median(warm) / median(database);
  console.log(`first start (new data directory):          ${seconds(cold)}`);
  console.log(`second start, median of ${RUNS} (product healthy): ${seconds(median(warm))}   [target: under 15 s]`);
  console.log(`baseline, median of ${RUNS} (PostgreSQL alone):   ${seconds(median(database))}`);
  console.log(`ratio product / PostgreSQL alone:            ${ratio.toFixed(2)}×`);
  reportRows([
    {
      benchmark: 'bench:start',
      measure: `second start until healthy, median of ${RUNS} (lower is better)`,
      result: seconds(median(warm)),
      baseline: `PostgreSQL alone ${seconds(median(database))}`,
      ratio,
      target: 'under 15 s',
    },
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
