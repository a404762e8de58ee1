#!/usr/bin/env node
// npm run bench:dashboards — a club federation on one server: 1,000 coaches, 100,000 analysed sessions (each with
// a report and a coded transcript as the worker writes them, copied from reports the API's own assessment made),
// about 2,000 failed ones, 50 Elite teams of 10–20 coaches, goals and review links, written by the tooling's
// seedFederation in set-based SQL. Timed, each beside GET /api/health in the same run: the busiest coach's
// sessions page (a search, a status filter, page 50), Development, Compare (four sessions) and the overview of a
// coach with 500 sessions, and Team Overview and Team Sessions of a 20-coach team (4,000 sessions). The pages are
// timed first with BENCH_SESSIONS_FIRST sessions on the server (default a tenth), then again once the other
// coaches' sessions have brought it to BENCH_SESSIONS, with the API's resident memory after each round.
// Requests go one at a time over loopback, so the time is the server's.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';
import { seedAnalyses } from './federation-server.mjs';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const FIRST = Number(process.env.BENCH_SESSIONS_FIRST ?? Math.round(SESSIONS / 10));
const UTTERANCES = Number(process.env.BENCH_UTTERANCES ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
/** Distinct reports the sessions copy in turn. */
const REPORTS = 12;
const SAYINGS = [
  'Pass it wide and keep your shape.',
  'What did you see there?',
  'Great first touch Sam!',
  'Bibs on, line up in two lines.',
  'Where is the space?',
  'Stop! Freeze where you are.',
  'Why did you pass it back?',
  'Lovely, well done Mia.',
];

ensureInstalled();
ensureBuilt();
const { reportRows, seedFederation, growFederation } = await import('@touchline/tooling');

const require = createRequire(path.join(root, 'api/package.json'));
const { loadConfig, createApp, startEmbeddedPostgres, createLogger, freePort } = require('@touchline/api/tooling');
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
  // The reports the sessions copy: the API's own assessment of coded transcripts, as the worker stores them.
  const analyses = seedAnalyses(REPORTS, UTTERANCES, { sayings: SAYINGS, baseSeconds: 3000 });

  log(`seeding a federation of 1,000 coaches with ${FIRST} analysed sessions…`);
  const federation = await seedFederation(client, { analyses, sessions: FIRST });
  log(`seeded in ${federation.seconds.toFixed(1)} s: ${JSON.stringify(federation.counts)}`);

  // Signed-in coaches: tokens signed with the embedded provider's own key for the seeded coaches' identities.
  const jwk = (await client.query(`SELECT value FROM identity_secrets WHERE name = 'jwks'`)).rows[0].value.keys[0];
  const key = await importJWK(jwk, 'RS256');
  const headersOf = async (coach) => ({
    authorization: `Bearer ${await new SignJWT({ sub: coach.identityId, email: coach.email, email_verified: true, iss: `${url}/idp`, aud: 'touchline-api' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(key)}`,
  });
  const busiest = await headersOf(federation.busiest);
  const developing = await headersOf(federation.developing);
  const admin = await headersOf(federation.teamAdmin);

  async function time(route, headers) {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}${route}`, { headers });
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    const ms = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      await (await fetch(`${url}${route}`, { headers })).arrayBuffer();
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.ceil(ms.length * 0.95) - 1] };
  }

  const PAGES = [
    {
      name: 'GET /api/sessions?search&status&page=50',
      route: '/api/sessions?search=training&status=completed&page=50',
      who: busiest,
      target: 20,
      of: `the busiest coach (${federation.busiest.sessions} sessions)`,
    },
    {
      name: 'GET /api/dashboard/development',
      route: '/api/dashboard/development',
      who: developing,
      target: 60,
      of: `a coach with ${federation.developing.sessions} sessions`,
    },
    {
      name: 'GET /api/dashboard/compare (4)',
      route: `/api/dashboard/compare?ids=${federation.developing.sessionIds.join(',')}`,
      who: developing,
      target: 20,
      of: `a coach with ${federation.developing.sessions} sessions`,
    },
    {
      name: 'GET /api/dashboard/overview',
      route: '/api/dashboard/overview',
      who: developing,
      target: 30,
      of: `a coach with ${federation.developing.sessions} sessions`,
    },
    {
      name: 'GET /api/team/overview',
      route: '/api/team/overview',
      who: admin,
      target: 100,
      of: `a ${federation.teamAdmin.teamCoaches}-coach team (${federation.teamAdmin.teamSessions} sessions)`,
    },
    {
      name: 'GET /api/team/sessions',
      route: '/api/team/sessions',
      who: admin,
      target: 100,
      of: `a ${federation.teamAdmin.teamCoaches}-coach team (${federation.teamAdmin.teamSessions} sessions)`,
    },
  ];

  /** Every page timed beside /api/health, then the process's resident memory. */
  async function round(counts) {
    const health = await time('/api/health', {});
    const pages = [];
    for (const page of PAGES) pages.push({ ...page, ...(await time(page.route, page.who)) });
    const rssMiB = process.memoryUsage().rss / 1024 ** 2;
    const f = (v) => v.toFixed(1).padStart(6);
    console.log(
      [
        `${counts.analysed} analysed sessions (${counts.sessions} in all) of ${counts.coaches} coaches, ${counts.teams} teams; ${ROUNDS} sequential requests per endpoint; RSS ${rssMiB.toFixed(0)} MiB`,
        `${'GET /api/health'.padEnd(42)} median ${f(health.median)} ms  p95 ${f(health.p95)} ms`,
        ...pages.map(
          (p) =>
            `${p.name.padEnd(42)} median ${f(p.median)} ms  p95 ${f(p.p95)} ms  ×${(p.median / health.median).toFixed(1)} health  p95 ${p.p95 <= p.target ? '≤' : '>'} ${p.target} ms  (${p.of})`,
        ),
      ].join('\n'),
    );
    return { counts, health, pages, rssMiB };
  }

  const first = await round(federation.counts);
  log(`growing the federation to ${SESSIONS} analysed sessions…`);
  const grown = performance.now();
  const counts = SESSIONS > FIRST ? await growFederation(client, { analyses, sessions: SESSIONS - FIRST }) : federation.counts;
  log(`grown in ${((performance.now() - grown) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);
  const last = await round(counts);

  // The API runs inside this process, so its resident memory is the API's (plus the small client).
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  const ms = (r) => `median ${r.median.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
  const thousands = (n) => `${Math.round(n / 1000)}k`;
  reportRows([
    ...[first, last].flatMap(({ counts: c, health, pages }) =>
      pages.map((p) => ({
        benchmark: 'bench:dashboards',
        measure: `${p.name}, ${p.of}, ${thousands(c.analysed)} analysed sessions on the server (time, lower is better)`,
        result: ms(p),
        baseline: `GET /api/health ${ms(health)}`,
        ratio: p.median / health.median,
        target: `p95 ≤ ${p.target} ms`,
        peakMiB,
        memoryOf: 'API and client, one process',
      })),
    ),
    {
      benchmark: 'bench:dashboards',
      measure: `resident memory after timing every page, ${thousands(last.counts.analysed)} analysed sessions (lower is better)`,
      result: `${last.rssMiB.toFixed(0)} MiB`,
      baseline: `${thousands(first.counts.analysed)} analysed sessions ${first.rssMiB.toFixed(0)} MiB`,
      ratio: last.rssMiB / first.rssMiB,
      target: 'flat (≤ 1.1×)',
      peakMiB,
      memoryOf: 'API and client, one process',
    },
  ]);
} finally {
  await client.end();
  await app.close();
  await db.stop();
  await rm(dataDir, { recursive: true, force: true });
}
