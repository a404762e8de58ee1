#!/usr/bin/env node
// npm run bench:dashboards — a coach with 500 analysed sessions (each with a coded transcript of 150 utterances,
// written as the worker writes them): GET /api/dashboard/development and GET /api/dashboard/compare (four
// sessions) against GET /api/sessions (one page of the list) and GET /api/health, on the same API and
// PostgreSQL, in the same run. Requests go one at a time over loopback, so the time is the server's.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const UTTERANCES = Number(process.env.BENCH_UTTERANCES ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const SAYINGS = [
  'Pass it wide and keep your shape.',
  'What did you see there?',
  'Great first touch Sam!',
  'Bibs on, line up in two lines.',
  'Where is the space?',
];

ensureInstalled();
ensureBuilt();
const { reportRows } = await import('@touchline/tooling');

const require = createRequire(path.join(root, 'api/package.json'));
const { loadConfig, createApp, startEmbeddedPostgres, createLogger, freePort, loadRubric, talkMetrics, assessSession } = require('@touchline/api/tooling');
const { Client } = require('pg');
const { importJWK, SignJWT } = require('jose');

const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-bench-'));
const db = await startEmbeddedPostgres(dataDir);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const config = loadConfig(
  { DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'silent', SERVE_WEB: 'false', SMTP_PORT: '1', TRANSCRIBER: 'none' },
  dataDir,
);
const app = await createApp(config, db.url, createLogger(config));
await app.listen(port, '127.0.0.1');
const client = new Client({ connectionString: db.url });
await client.connect();

try {
  // A registered coach: a token signed with the embedded provider's own key, then the product's register call.
  const jwk = (await client.query(`SELECT value FROM identity_secrets WHERE name = 'jwks'`)).rows[0].value.keys[0];
  const sub = `bench-${randomBytes(4).toString('hex')}`;
  const token = await new SignJWT({ sub, email: `${sub}@club.example`, email_verified: true, iss: `${url}/idp`, aud: 'touchline-api' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
  const headers = { authorization: `Bearer ${token}` };
  const registered = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ identityId: sub, username: 'Bench', email: `${sub}@club.example`, plan: 'Coach' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const owner = (await client.query('SELECT id FROM users WHERE identity_id = $1', [sub])).rows[0].id;

  log(`seeding ${SESSIONS} analysed sessions…`);
  const rubric = loadRubric();
  const ids = [];
  for (let i = 0; i < SESSIONS; i++) {
    const utterances = Array.from({ length: UTTERANCES }, (_, k) => ({ start: k * 24, end: k * 24 + 3 + (k % 7), text: SAYINGS[(k + i) % SAYINGS.length] }));
    const metrics = talkMetrics(utterances, 3600, rubric.segmentation.intervention_gap_seconds.value);
    const report = assessSession(
      rubric,
      metrics,
      utterances,
      utterances.map((u) => u.text),
    );
    const id = randomUUID();
    const at = new Date(Date.UTC(2025, 0, 1) + i * 86_400_000);
    await client.query(
      `INSERT INTO coaching_sessions (id, owner_id, title, media_type, original_file_name, size_bytes, content_type, storage_key, processing_status, analysis_progress, uploaded_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'audio', 'session.wav', 1000, 'audio/wav', $4, 'completed', 100, $5, $5, $5)`,
      [id, owner, `Session ${i + 1}`, `sessions/${id}`, at],
    );
    await client.query(
      `INSERT INTO session_analyses (session_id, metrics, segments, transcriber, transcript, coaching_style, scores, rubric_version) VALUES ($1, $2, $3, 'http', $4, $5, $6, $7)`,
      [
        id,
        JSON.stringify(report.metrics),
        JSON.stringify(utterances.map(({ start, end }) => ({ start, end }))),
        JSON.stringify(report.transcript),
        report.coachingStyle,
        JSON.stringify(report.scores),
        rubric.version,
      ],
    );
    ids.push(id);
  }
  await client.query('ANALYZE');

  async function time(route) {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}${route}`, { headers });
      if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
      await res.arrayBuffer();
    }
    const ms = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await (await fetch(`${url}${route}`, { headers })).arrayBuffer();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
  }

  const health = await time('/api/health');
  const list = await time('/api/sessions');
  const development = await time('/api/dashboard/development');
  const compare = await time(`/api/dashboard/compare?ids=${ids.slice(-4).join(',')}`);
  const row = (name, r) =>
    `${name.padEnd(32)} median ${r.median.toFixed(1).padStart(7)} ms  p95 ${r.p95.toFixed(1).padStart(7)} ms  ×${(r.median / list.median).toFixed(1)} the list  ×${(r.median / health.median).toFixed(1)} health`;
  console.log(
    [
      `${SESSIONS} analysed sessions, ${UTTERANCES} coded utterances each; ${ROUNDS} sequential requests per endpoint`,
      row('GET /api/health', health),
      row('GET /api/sessions', list),
      row('GET /api/dashboard/development', development),
      row('GET /api/dashboard/compare (4)', compare),
    ].join('\n'),
  );
  // The API runs inside this process, so its peak resident memory is the API's (plus the small client).
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  const ms = (r) => `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
  reportRows(
    [
      ['GET /api/sessions (one page)', list],
      ['GET /api/dashboard/development', development],
      ['GET /api/dashboard/compare (4 sessions)', compare],
    ].map(([name, r]) => ({
      benchmark: 'bench:dashboards',
      measure: `${name}, ${SESSIONS} analysed sessions (time, lower is better)`,
      result: ms(r),
      baseline: `GET /api/health ${ms(health)}`,
      ratio: r.median / health.median,
      peakMiB,
      memoryOf: 'API and client, one process',
    })),
  );
} finally {
  await client.end();
  await app.close();
  await db.stop();
  await rm(dataDir, { recursive: true, force: true });
}
