// What bench:load and bench:backlog share: the embedded PostgreSQL, the API as a process of its own (so its
// resident memory is its own, as in production) and the worker process on that database, tokens of seeded
// coaches signed with the embedded provider's key, and the reports a seeded federation's sessions copy.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from '../lib/setup.mjs';

const require = createRequire(path.join(root, 'api/package.json'));
// Loaded when first used: a bench imports this file before its ensureInstalled() and ensureBuilt() have run.
const api = () => require('@touchline/api/tooling');

/** A fresh data directory with the embedded PostgreSQL in it, and a client on it. */
export async function startDatabase(name) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `touchline-bench-${name}-`));
  const db = await api().startEmbeddedPostgres(dataDir);
  const { Client } = require('pg');
  const client = new Client({ connectionString: db.url });
  await client.connect();
  return {
    dataDir,
    url: db.url,
    client,
    stop: async () => {
      await client.end().catch(() => undefined);
      await db.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const settings = (database, url, port) => ({
  DATABASE_URL: database.url,
  DATA_DIR: database.dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: url,
  LOG_LEVEL: 'warn',
  SERVE_WEB: 'false',
  SMTP_PORT: '1',
  TRANSCRIBER: 'none',
});

/**
 * `node api/dist/main.js` with `npm start`'s Node flags on the bench's database, listening on a free loopback
 * port; resolves once GET /api/health answers (the API has migrated the database by then).
 */
export async function startApiProcess(database, env = {}) {
  const { apiNodeFlags } = await import('@touchline/tooling');
  const port = await api().freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...apiNodeFlags(), path.join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, ...settings(database, url, port), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode} before it was healthy`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (performance.now() - started > 120_000) throw new Error('the API was not healthy within 2 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The worker process (`node api/dist/worker/main.js`) on the bench's database and files, with a heartbeat file
 * of its own; `ready` resolves once it has started (taken over orphaned jobs and begun working).
 */
export function startWorkerProcess(database, name, env = {}) {
  const heartbeat = path.join(database.dataDir, `${name}.heartbeat`);
  const child = spawn(process.execPath, [path.join(root, 'api/dist/worker/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      BACKGROUND_JOBS: 'true',
      TRANSCRIBER: 'none',
      LOG_LEVEL: 'error',
      WORKER_HEARTBEAT_FILE: heartbeat,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const ready = (async () => {
    while (!existsSync(heartbeat)) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`worker ${name} ended (${child.exitCode ?? child.signalCode}) before it started`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  ready.catch(() => undefined);
  return { name, pid: child.pid, child, ready, exited };
}

/** Signs access tokens for seeded coaches with the embedded provider's own key, as it would after a sign-in. */
export async function tokenSigner(client, apiUrl) {
  const jwk = (await client.query(`SELECT value FROM identity_secrets WHERE name = 'jwks'`)).rows[0].value.keys[0];
  const { importJWK, SignJWT } = require('jose');
  const key = await importJWK(jwk, 'RS256');
  return (coach) =>
    new SignJWT({ sub: coach.identityId, email: coach.email, email_verified: true, iss: `${apiUrl}/idp`, aud: 'touchline-api' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuedAt()
      .setExpirationTime('4h')
      .sign(key);
}

const SAYINGS = ['Pass it wide and keep your shape.', 'What did you see there?', 'Great first touch Sam!', 'Where is the space?', 'Lovely, well done Mia.'];

/**
 * A few reports as the worker stores them (the API's own assessment of coded transcripts), for seedFederation:
 * `count` reports of `utterances` coded lines each, said in turn from `sayings`, in sessions of `baseSeconds` and up.
 */
export function seedAnalyses(count = 4, utterances = 60, { sayings = SAYINGS, baseSeconds = 1800 } = {}) {
  const { loadRubric, talkMetrics, assessSession } = api();
  const rubric = loadRubric();
  return Array.from({ length: count }, (_, i) => {
    const gap = 18 + (i % 5) * 4;
    const lines = Array.from({ length: utterances }, (_, k) => ({
      start: k * gap,
      end: k * gap + 3 + ((k + i) % 7),
      text: sayings[(k * 3 + i) % sayings.length],
    }));
    const metrics = talkMetrics(lines, baseSeconds + i * 120, rubric.segmentation.intervention_gap_seconds.value);
    const report = assessSession(
      rubric,
      metrics,
      lines,
      lines.map((u) => u.text),
    );
    return {
      metrics: report.metrics,
      segments: lines.map(({ start, end }) => ({ start, end })),
      transcriber: 'whisper',
      transcript: report.transcript,
      coachingStyle: report.coachingStyle,
      scores: report.scores,
      rubricVersion: rubric.version,
    };
  });
}

/** Percentile (0–100) of an ascending array, nearest rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))];
}
