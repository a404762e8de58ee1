#!/usr/bin/env node
// npm run bench:load — a club federation on one server, under load, with the API as a process of its own
// (`node api/dist/main.js` with `npm start`'s Node flags) on the embedded PostgreSQL, seeded by the tooling's
// seedFederation (BENCH_COACHES coaches × BENCH_SESSIONS_EACH analysed sessions).
//
// A. Live-status streams: BENCH_STREAMS (1,000) open `GET /api/sessions/events` streams, ten per coach (a coach
//    with several tabs, the most the API lets one coach hold). The API's resident memory before and after they open
//    gives the memory per stream. Then BENCH_CHANGES (200) status changes, one after the other, each made as the
//    worker makes them (an UPDATE of coaching_sessions.analysis_progress, whose trigger NOTIFYs on commit), are
//    timed from the UPDATE to the event arriving on each of the owner's ten streams: p50, p95, max. Baseline in
//    the same run: the same changes with one stream open on the server.
// B. Coaches browsing: BENCH_VIRTUAL_COACHES (200) virtual coaches, each with one request in flight at a time and
//    no pause between them (BENCH_THINK_MS to add one), go round a scripted mix — the sessions list, a session's
//    report, the overview, Development and Compare (the last two when their plan opens them) — for
//    BENCH_LOAD_SECONDS (60). Counts errors (anything but 200) and times every request: p50/p95/p99 per page.
//    Baseline in the same run: GET /api/health by as many concurrent clients for BENCH_HEALTH_SECONDS (30).
// The load comes from this process over loopback, on the same machine as the API and PostgreSQL.
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from '../lib/setup.mjs';
import { percentile, seedAnalyses, startApiProcess, startDatabase, tokenSigner } from './federation-server.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200);
const VIRTUAL_COACHES = Number(process.env.BENCH_VIRTUAL_COACHES ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const HEALTH_SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 30);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
const SESSIONS_EACH = Number(process.env.BENCH_SESSIONS_EACH ?? 20);
/** Targets: an event on every stream within 500 ms (p95); browsing with no error and p99 within 5× health's. */
const EVENT_P95_TARGET_MS = 500;
const P99_RATIO_TARGET = 5;
/** How long one change may take to reach all its streams before it counts as missed. */
const EVENT_TIMEOUT_MS = 10_000;

ensureInstalled();
ensureBuilt();
const { seedFederation, peakRssMiB, reportRows, rssBytes } = await import('@touchline/tooling');
const require = createRequire(path.join(root, 'api/package.json'));
const { SESSION_EVENTS } = require('@touchline/shared');

const PER_COACH = SESSION_EVENTS.maxStreamsPerCoach;
const streamCoaches = Math.ceil(STREAMS / PER_COACH);
// The stream coaches, one more for the baseline stream, and the browsing coaches (the same ones where they overlap).
const COACHES = Math.max(VIRTUAL_COACHES, streamCoaches + 1, 24);

const startLoad = loadavg()[0];
const database = await startDatabase('load');
const { client } = database;
let api;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const ms = (v) => `${v.toFixed(1)} ms`;
const mib = (bytes) => bytes / 1024 ** 2;

try {
  api = await startApiProcess(database, { BACKGROUND_JOBS: 'false' });
  log(`API process ${api.pid} on ${api.url}; seeding ${COACHES} coaches × ${SESSIONS_EACH} analysed sessions…`);
  const federation = await seedFederation(client, {
    analyses: seedAnalyses(),
    coaches: COACHES,
    sessions: COACHES * SESSIONS_EACH,
    teams: Math.max(1, Math.floor(COACHES / 40)),
    busiestSessions: SESSIONS_EACH,
    developingSessions: SESSIONS_EACH,
    largestTeamSessionsEach: SESSIONS_EACH,
  });
  log(`seeded in ${federation.seconds.toFixed(1)} s: ${JSON.stringify(federation.counts)}`);

  const sign = await tokenSigner(client, api.url);
  const { rows: coachRows } = await client.query(
    `SELECT u.id, u.identity_id AS "identityId", u.email, u.plan,
            array_agg(s.id ORDER BY s.created_at DESC) FILTER (WHERE s.processing_status = 'completed') AS completed
       FROM users u JOIN coaching_sessions s ON s.owner_id = u.id
      WHERE u.identity_id LIKE 'federation-coach-%'
      GROUP BY u.id ORDER BY u.identity_id`,
  );
  const coaches = await Promise.all(coachRows.map(async (c) => ({ ...c, token: await sign(c) })));

  // ── A. Live-status streams ────────────────────────────────────────────────────────────────────────────
  /** Waiting changes by `${sessionId}:${progress}`: when each was made, and each stream's arrival time. */
  const pending = new Map();
  let strayEvents = 0;

  function openStream(coach) {
    return new Promise((resolve, reject) => {
      const req = http.get(
        `${api.url}${SESSION_EVENTS.url}`,
        { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${coach.token}` } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(new Error(`stream for ${coach.email}: ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let buffer = '';
          const stream = { coach, ended: false, close: () => req.destroy() };
          res.on('data', (chunk) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.split('\n').includes(': connected')) resolve(stream);
              const data = block.split('\n').find((line) => line.startsWith('data:'));
              if (!block.includes(`event: ${SESSION_EVENTS.event}`) || !data) continue;
              const event = JSON.parse(data.slice(5));
              const change = pending.get(`${event.sessionId}:${event.progress}`);
              if (change && change.ownerId === coach.id) change.arrived(performance.now());
              else strayEvents += 1;
            }
          });
          res.on('error', () => undefined);
          res.on('close', () => (stream.ended = true));
        },
      );
      req.on('error', reject);
    });
  }

  // One session of every stream coach is being analysed; its progress is what changes.
  const analysing = new Map();
  for (const coach of coaches.slice(0, streamCoaches + 1)) {
    const sessionId = coach.completed[0];
    await client.query(`UPDATE coaching_sessions SET processing_status = 'processing', analysis_progress = 0 WHERE id = $1`, [sessionId]);
    analysing.set(coach.id, { sessionId, progress: 0 });
  }

  /** `count` changes, one after the other, to the given coaches' sessions in turn; each waits for `streamsEach` arrivals. */
  async function timeChanges(count, owners, streamsEach) {
    const latencies = [];
    let missed = 0;
    for (let i = 0; i < count; i++) {
      const owner = owners[i % owners.length];
      const session = analysing.get(owner.id);
      session.progress = (session.progress % 99) + 1;
      const key = `${session.sessionId}:${session.progress}`;
      let arrivals = 0;
      let done;
      const all = new Promise((resolve) => (done = resolve));
      let started = 0;
      pending.set(key, {
        ownerId: owner.id,
        arrived: (at) => {
          latencies.push(at - started);
          if (++arrivals === streamsEach) done();
        },
      });
      // As the worker reports progress (SessionsRepository.reportProgress): the trigger NOTIFYs when it commits.
      started = performance.now();
      await client.query(`UPDATE coaching_sessions SET analysis_progress = $2, updated_at = now() WHERE id = $1 AND processing_status = 'processing'`, [
        session.sessionId,
        session.progress,
      ]);
      const timeout = new Promise((resolve) => setTimeout(resolve, EVENT_TIMEOUT_MS, 'timeout'));
      if ((await Promise.race([all, timeout])) === 'timeout') missed += streamsEach - arrivals;
      pending.delete(key);
    }
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1), arrivals: latencies.length, missed };
  }

  // Warm the API (token checks, the user cache, the feed's LISTEN) with a stream of the baseline coach.
  const baselineCoach = coaches[streamCoaches];
  const warm = await openStream(baselineCoach);
  await timeChanges(20, [baselineCoach], 1);
  log(`baseline: ${CHANGES} changes with one stream open…`);
  const single = await timeChanges(CHANGES, [baselineCoach], 1);
  warm.close();
  await new Promise((r) => setTimeout(r, 2000));

  const rssBefore = rssBytes(api.pid);
  log(`opening ${STREAMS} streams (${PER_COACH} for each of ${streamCoaches} coaches)…`);
  const opening = performance.now();
  const streams = [];
  const streamOwners = coaches.slice(0, streamCoaches);
  for (let from = 0; from < STREAMS; from += 50) {
    const batch = [];
    for (let i = from; i < Math.min(STREAMS, from + 50); i++) batch.push(openStream(streamOwners[Math.floor(i / PER_COACH)]));
    streams.push(...(await Promise.all(batch)));
  }
  const openSeconds = (performance.now() - opening) / 1000;
  await new Promise((r) => setTimeout(r, 3000));
  const rssAfter = rssBytes(api.pid);
  const perStreamKiB = (rssAfter - rssBefore) / STREAMS / 1024;
  log(
    `${streams.length} streams open in ${openSeconds.toFixed(1)} s; API RSS ${mib(rssBefore).toFixed(0)} → ${mib(rssAfter).toFixed(0)} MiB (${perStreamKiB.toFixed(1)} KiB per stream)`,
  );

  // Coaches whose streams all opened (a stream per coach short of ten would wait in vain).
  const full = streamOwners.filter((coach) => streams.filter((s) => s.coach === coach).length === PER_COACH);
  log(`${CHANGES} changes, each to ${PER_COACH} streams, with ${STREAMS} streams open…`);
  const loaded = await timeChanges(CHANGES, full, PER_COACH);
  const rssLoaded = rssBytes(api.pid);
  const ended = streams.filter((s) => s.ended).length;
  for (const stream of streams) stream.close();

  console.log(
    [
      '',
      `Load average (1 min) at the start ${startLoad.toFixed(1)}, now ${loadavg()[0].toFixed(1)}`,
      `A. ${STREAMS} live-status streams (${streamCoaches} coaches × ${PER_COACH}) on one API process`,
      `   API RSS ${mib(rssBefore).toFixed(0)} MiB before, ${mib(rssAfter).toFixed(0)} MiB with them open (${perStreamKiB.toFixed(1)} KiB per stream), ${mib(rssLoaded).toFixed(0)} MiB after the changes; opened in ${openSeconds.toFixed(1)} s`,
      `   one stream open (baseline): ${CHANGES} changes  p50 ${ms(single.p50)}  p95 ${ms(single.p95)}  max ${ms(single.max)}  missed ${single.missed}`,
      `   ${STREAMS} streams open: ${CHANGES} changes × ${PER_COACH} streams = ${loaded.arrivals} arrivals  p50 ${ms(loaded.p50)}  p95 ${ms(loaded.p95)}  max ${ms(loaded.max)}  missed ${loaded.missed}  stray ${strayEvents}  ended early ${ended}`,
      `   p95 ×${(loaded.p95 / single.p95).toFixed(1)} the baseline's; goal p95 ≤ ${EVENT_P95_TARGET_MS} ms: ${loaded.p95 <= EVENT_P95_TARGET_MS && loaded.missed === 0 ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );

  // ── B. Coaches browsing ───────────────────────────────────────────────────────────────────────────────
  // The analysed sessions go back to completed; Development and Compare are in a coach's mix when their plan opens them.
  for (const { sessionId } of analysing.values())
    await client.query(`UPDATE coaching_sessions SET processing_status = 'completed', analysis_progress = 100 WHERE id = $1`, [sessionId]);
  const opensPage = async (coach, route) =>
    (await fetch(`${api.url}${route}`, { headers: { authorization: `Bearer ${coach.token}` } }).then((r) => (r.body?.cancel(), r.status))) === 200;
  for (const coach of coaches.slice(0, VIRTUAL_COACHES)) {
    coach.development = await opensPage(coach, '/api/dashboard/development');
    coach.compare = coach.completed.length >= 4 && (await opensPage(coach, `/api/dashboard/compare?ids=${coach.completed.slice(0, 4).join(',')}`));
  }
  /** The pages a coach goes round, as the web app asks for them. */
  const scriptOf = (coach, n) => {
    const ids = coach.completed;
    const pages = [
      { page: 'GET /api/sessions', route: '/api/sessions' },
      { page: 'GET /api/sessions/:id/report', route: (round) => `/api/sessions/${ids[(n + round) % ids.length]}/report` },
      { page: 'GET /api/dashboard/overview', route: '/api/dashboard/overview' },
    ];
    if (coach.development) pages.push({ page: 'GET /api/dashboard/development', route: '/api/dashboard/development' });
    if (coach.compare)
      pages.push({
        page: 'GET /api/dashboard/compare (4)',
        route: (round) => `/api/dashboard/compare?ids=${ids.slice((n + round) % (ids.length - 3), ((n + round) % (ids.length - 3)) + 4).join(',')}`,
      });
    return pages;
  };

  function get(route, token) {
    return new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(`${api.url}${route}`, { agent, headers: token ? { authorization: `Bearer ${token}` } : {} }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
      });
      req.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
    });
  }

  /** `users` concurrent loops for `seconds`, each going round its own list of requests. */
  async function drive(users, seconds) {
    const times = new Map();
    const errors = new Map();
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      users.map(async ({ token, script }) => {
        for (let n = 0; performance.now() < until; n++) {
          const { page, route } = script[n % script.length];
          // A session's report and the sessions compared change from one round of the script to the next.
          const r = await get(typeof route === 'function' ? route(Math.floor(n / script.length)) : route, token);
          if (!times.has(page)) times.set(page, []);
          times.get(page).push(r.ms);
          if (r.status !== 200) errors.set(`${page} → ${r.status}`, (errors.get(`${page} → ${r.status}`) ?? 0) + 1);
          if (THINK_MS) await new Promise((res) => setTimeout(res, THINK_MS));
        }
      }),
    );
    const stats = (xs) => {
      xs.sort((a, b) => a - b);
      return { count: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), p99: percentile(xs, 99) };
    };
    const all = [...times.values()].flat();
    return { pages: [...times].map(([page, xs]) => ({ page, ...stats(xs) })), all: stats(all), errors, perSecond: all.length / seconds };
  }

  const browsers = coaches.slice(0, VIRTUAL_COACHES);
  log(`GET /api/health by ${browsers.length} concurrent clients for ${HEALTH_SECONDS} s…`);
  await drive(
    browsers.slice(0, 20).map(() => ({ script: [{ page: 'warm-up', route: '/api/health' }] })),
    2,
  );
  const health = await drive(
    browsers.map(() => ({ script: [{ page: 'GET /api/health', route: '/api/health' }] })),
    HEALTH_SECONDS,
  );
  log(`${browsers.length} virtual coaches browsing for ${LOAD_SECONDS} s…`);
  const browsing = await drive(
    browsers.map((coach, i) => ({ token: coach.token, script: scriptOf(coach, i) })),
    LOAD_SECONDS,
  );
  const errorCount = [...browsing.errors.values()].reduce((a, b) => a + b, 0);
  const healthErrors = [...health.errors.values()].reduce((a, b) => a + b, 0);
  const rssBrowsing = rssBytes(api.pid);
  const line = (s) => `n ${String(s.count).padStart(6)}  p50 ${ms(s.p50).padStart(9)}  p95 ${ms(s.p95).padStart(9)}  p99 ${ms(s.p99).padStart(9)}`;
  const ratio = browsing.all.p99 / health.all.p99;
  console.log(
    [
      '',
      `Load average (1 min) now ${loadavg()[0].toFixed(1)}`,
      `B. ${browsers.length} concurrent virtual coaches${THINK_MS ? `, ${THINK_MS} ms between requests` : ', no pause between requests'}, ${LOAD_SECONDS} s (health ${HEALTH_SECONDS} s); API RSS ${mib(rssBrowsing).toFixed(0)} MiB after`,
      `   ${'GET /api/health (baseline)'.padEnd(34)} ${line(health.all)}  ${health.perSecond.toFixed(0)} req/s  errors ${healthErrors}`,
      ...browsing.pages.map((p) => `   ${p.page.padEnd(34)} ${line(p)}  p99 ×${(p.p99 / health.all.p99).toFixed(1)} health`),
      `   ${'every page'.padEnd(34)} ${line(browsing.all)}  ${browsing.perSecond.toFixed(0)} req/s  errors ${errorCount}`,
      ...[...browsing.errors].map(([what, n]) => `   error: ${what} × ${n}`),
      `   p99 ×${ratio.toFixed(1)} health's; goal 0 errors and p99 ≤ ${P99_RATIO_TARGET}× health's: ${errorCount === 0 && ratio <= P99_RATIO_TARGET ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );

  const peakMiB = peakRssMiB(api.pid);
  reportRows([
    {
      benchmark: 'bench:load',
      measure: `${STREAMS} open live-status streams (${streamCoaches} coaches × ${PER_COACH}): status change to each of the owner's streams, ${CHANGES} changes (lower is better)`,
      result: `p50 ${ms(loaded.p50)}, p95 ${ms(loaded.p95)}, max ${ms(loaded.max)}, ${loaded.missed} missed`,
      baseline: `one stream open: p50 ${ms(single.p50)}, p95 ${ms(single.p95)}`,
      ratio: loaded.p95 / single.p95,
      target: `p95 ≤ ${EVENT_P95_TARGET_MS} ms`,
      peakMiB,
      memoryOf: 'API process',
    },
    {
      benchmark: 'bench:load',
      measure: `API resident memory per open live-status stream, ${STREAMS} streams (lower is better)`,
      result: `${perStreamKiB.toFixed(1)} KiB per stream (${mib(rssBefore).toFixed(0)} → ${mib(rssAfter).toFixed(0)} MiB)`,
      baseline: `API with no stream open ${mib(rssBefore).toFixed(0)} MiB`,
      ratio: rssAfter / rssBefore,
      target: '—',
      peakMiB,
      memoryOf: 'API process',
    },
    {
      benchmark: 'bench:load',
      measure: `${browsers.length} concurrent coaches browsing (sessions, report, overview, development, compare), ${LOAD_SECONDS} s: p99 of every request (lower is better)`,
      result: `p50 ${ms(browsing.all.p50)}, p95 ${ms(browsing.all.p95)}, p99 ${ms(browsing.all.p99)}, ${browsing.perSecond.toFixed(0)} req/s, ${errorCount} errors`,
      baseline: `GET /api/health, ${browsers.length} concurrent: p99 ${ms(health.all.p99)}`,
      ratio,
      target: `0 errors, p99 ≤ ${P99_RATIO_TARGET}× health's`,
      peakMiB,
      memoryOf: 'API process',
    },
  ]);
} finally {
  agent.destroy();
  await api?.stop();
  await database.stop();
}
