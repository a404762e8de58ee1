#!/usr/bin/env node
// npm run bench:backlog — a backlog of analyses drained by worker processes that are killed as they work.
// BENCH_BACKLOG sessions (300, so the default run stays under 8 minutes on 2 cores; 500 is the full-scale run)
// with a short generated recording (BENCH_RECORDING_SECONDS, 10 s of field noise with a coach's line in it;
// TRANSCRIBER=none, so each analysis is cheap) are uploaded through the API (a process of its own that takes
// uploads and queues their analyses but runs none: BACKGROUND_JOBS=false) while no worker runs. Then one worker
// process (`node api/dist/worker/main.js`) drains them, while every BENCH_KILL_EVERY seconds (60) a worker is
// killed with SIGKILL and started again at once; then a fresh backlog the same way with two workers. Prints the
// drain rate (analyses per minute, from the workers' start to the last analysis stored) for one and two workers,
// and their ratio, and checks afterwards that every session was analysed exactly once: each reached `completed`,
// once, with its result written once (counted by triggers this bench adds to its own database), none failed or
// was left waiting. Analyses a kill interrupted are counted: they start again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureSystemPackages } from '../lib/system.mjs';
import { ensureBuilt, ensureInstalled, log } from '../lib/setup.mjs';
import { seedAnalyses, startApiProcess, startDatabase, startWorkerProcess, tokenSigner } from './federation-server.mjs';

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 300);
const KILL_EVERY_SECONDS = Number(process.env.BENCH_KILL_EVERY ?? 60);
const RECORDING_SECONDS = Number(process.env.BENCH_RECORDING_SECONDS ?? 10);
/** A round that has not drained in this long stops, and its sessions still waiting count as lost. */
const DRAIN_TIMEOUT_SECONDS = Number(process.env.BENCH_DRAIN_TIMEOUT ?? 600);
const UPLOAD_CONCURRENCY = 4;

ensureInstalled();
ensureSystemPackages();
ensureBuilt();
const { generateSession, reportRows } = await import('@touchline/tooling');

const startLoad = loadavg()[0];
const database = await startDatabase('backlog');
const { client } = database;
let api;
const workers = new Set();
const work = await mkdtemp(path.join(tmpdir(), 'touchline-backlog-'));

try {
  api = await startApiProcess(database, { BACKGROUND_JOBS: 'false' });
  const { seedFederation } = await import('@touchline/tooling');
  await seedFederation(client, {
    analyses: seedAnalyses(1, 10),
    coaches: 40,
    sessions: 40,
    teams: 1,
    busiestSessions: 1,
    developingSessions: 1,
    largestTeamSessionsEach: 1,
  });
  // Counters of what the workers write, per session: results stored, arrivals at `completed`, analyses started.
  await client.query(`
    CREATE TABLE bench_events (session_id uuid NOT NULL, kind text NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE FUNCTION bench_result_written() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO bench_events (session_id, kind) VALUES (NEW.session_id, 'result ' || lower(TG_OP)); RETURN NULL; END $$;
    CREATE TRIGGER bench_result_written AFTER INSERT OR UPDATE ON session_analyses FOR EACH ROW EXECUTE FUNCTION bench_result_written();
    CREATE FUNCTION bench_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.processing_status = 'completed' AND OLD.processing_status <> 'completed' THEN
          INSERT INTO bench_events (session_id, kind) VALUES (NEW.id, 'completed');
        ELSIF NEW.processing_status = 'failed' AND OLD.processing_status <> 'failed' THEN
          INSERT INTO bench_events (session_id, kind) VALUES (NEW.id, 'failed');
        ELSIF NEW.processing_status = 'processing' AND NEW.analysis_progress = 0 AND NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN
          INSERT INTO bench_events (session_id, kind) VALUES (NEW.id, 'started');
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER bench_status_changed AFTER UPDATE ON coaching_sessions FOR EACH ROW EXECUTE FUNCTION bench_status_changed();
  `);

  const sign = await tokenSigner(client, api.url);
  // Coaches whose plan takes uploads, the backlog shared among them.
  const { rows } = await client.query(
    `SELECT identity_id AS "identityId", email FROM users WHERE identity_id LIKE 'federation-coach-%' AND plan IN ('Coach', 'Coach Plus') ORDER BY identity_id`,
  );
  const tokens = await Promise.all(rows.map((coach) => sign(coach)));

  const file = path.join(work, 'drill.wav');
  generateSession({ file, seconds: RECORDING_SECONDS, snrDb: 20, script: [{ text: 'Well done, keep the ball moving.', at: 2 }] });
  const recording = await readFile(file);

  async function upload(token, n) {
    const headers = { authorization: `Bearer ${token}` };
    const res = await fetch(`${api.url}/api/sessions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Backlog drill ${n}`, mediaType: 'audio', fileName: `drill-${n}.wav`, sizeBytes: recording.length }),
    });
    if (res.status !== 201) throw new Error(`creating session ${n}: ${res.status} ${await res.text()}`);
    const { session } = await res.json();
    const sent = await fetch(`${api.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'upload-length': String(recording.length),
        'upload-metadata': `sessionId ${Buffer.from(session.id).toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      body: recording,
    });
    if (sent.status !== 201) throw new Error(`uploading session ${n}: ${sent.status} ${await sent.text()}`);
    return session.id;
  }

  /** BENCH_BACKLOG uploads, UPLOAD_CONCURRENCY at a time; answers the sessions' ids. */
  async function queueBacklog(round) {
    const ids = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
        for (let n = next++; n < BACKLOG; n = next++) ids.push(await upload(tokens[n % tokens.length], `${round}-${n}`));
      }),
    );
    return ids;
  }

  async function stopWorkers() {
    for (const worker of workers) {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
    workers.clear();
  }

  /** Drains the sessions with `count` workers, killing one (in turn) every KILL_EVERY_SECONDS and starting it again. */
  async function drain(ids, count) {
    const started = Date.now();
    const running = Array.from({ length: count }, (_, i) => startWorkerProcess(database, `worker-${count}-${i}`));
    for (const worker of running) workers.add(worker);
    let kills = 0;
    let killing = Promise.resolve();
    const killer = setInterval(() => {
      killing = (async () => {
        const slot = kills % count;
        const victim = running[slot];
        kills += 1;
        victim.child.kill('SIGKILL');
        await victim.exited;
        workers.delete(victim);
        const restarted = startWorkerProcess(database, `worker-${count}-${slot}-${kills}`);
        running[slot] = restarted;
        workers.add(restarted);
        log(`killed worker ${victim.pid} (SIGKILL) and started ${restarted.pid}`);
      })();
    }, KILL_EVERY_SECONDS * 1000);
    let left = ids.length;
    for (;;) {
      const { rows: waiting } = await client.query(
        `SELECT count(*)::int AS n FROM coaching_sessions WHERE id = ANY($1::uuid[]) AND processing_status NOT IN ('completed', 'failed')`,
        [ids],
      );
      left = waiting[0].n;
      if (left === 0 || Date.now() - started > DRAIN_TIMEOUT_SECONDS * 1000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    clearInterval(killer);
    await killing;
    await stopWorkers();
    const { rows: last } = await client.query(
      `SELECT extract(epoch FROM max(at)) * 1000 AS at FROM bench_events WHERE session_id = ANY($1::uuid[]) AND kind IN ('completed', 'failed')`,
      [ids],
    );
    const seconds = (Number(last[0].at ?? Date.now()) - started) / 1000;
    return { seconds, perMinute: ((ids.length - left) / seconds) * 60, kills, left };
  }

  /** What the workers did to each session, and what pg-boss holds of its jobs. */
  async function verify(ids) {
    const { rows: perSession } = await client.query(
      `SELECT s.id, s.processing_status AS status,
              count(*) FILTER (WHERE e.kind = 'completed')::int AS completed,
              count(*) FILTER (WHERE e.kind = 'failed')::int AS failed,
              count(*) FILTER (WHERE e.kind LIKE 'result %')::int AS results,
              count(*) FILTER (WHERE e.kind = 'started')::int AS started
         FROM coaching_sessions s LEFT JOIN bench_events e ON e.session_id = s.id
        WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
      [ids],
    );
    const { rows: jobs } = await client.query(
      `SELECT state, count(*)::int AS n, sum(retry_count)::int AS retries FROM pgboss.job
        WHERE name = 'analyse-session' AND singleton_key = ANY($1::text[]) GROUP BY state ORDER BY state`,
      [ids],
    );
    // How long one analysis takes, from its start to its result, for those no kill interrupted.
    const { rows: durations } = await client.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.at - s.at)) AS p50
         FROM bench_events c JOIN bench_events s ON s.session_id = c.session_id AND s.kind = 'started'
        WHERE c.kind = 'completed' AND c.session_id = ANY($1::uuid[])
          AND (SELECT count(*) FROM bench_events x WHERE x.session_id = c.session_id AND x.kind = 'started') = 1`,
      [ids],
    );
    const count = (predicate) => perSession.filter(predicate).length;
    return {
      sessions: perSession.length,
      analysedOnce: count((s) => s.status === 'completed' && s.completed === 1 && s.results === 1),
      notAnalysed: count((s) => s.status !== 'completed'),
      failed: count((s) => s.failed > 0),
      completedTwice: count((s) => s.completed > 1),
      writtenTwice: count((s) => s.results > 1),
      restarted: count((s) => s.started > 1),
      jobs: Object.fromEntries(jobs.map((j) => [j.state, j.n])),
      retries: jobs.reduce((sum, j) => sum + (j.retries ?? 0), 0),
      analysisSeconds: Number(durations[0].p50),
    };
  }

  const rounds = [];
  for (const count of [1, 2]) {
    log(`uploading a backlog of ${BACKLOG} sessions (${RECORDING_SECONDS} s recordings) with no worker running…`);
    const uploading = performance.now();
    const ids = await queueBacklog(count);
    log(
      `queued in ${((performance.now() - uploading) / 1000).toFixed(1)} s; draining with ${count} worker${count > 1 ? 's' : ''}, one killed every ${KILL_EVERY_SECONDS} s…`,
    );
    const drained = await drain(ids, count);
    const checked = await verify(ids);
    rounds.push({ count, ...drained, ...checked });
    log(`${count} worker(s): ${JSON.stringify(rounds.at(-1))}`);
  }

  const [one, two] = rounds;
  const ok = (r) => r.analysedOnce === BACKLOG && r.notAnalysed === 0 && r.completedTwice === 0 && r.writtenTwice === 0 && r.failed === 0;
  console.log(
    [
      '',
      `Load average (1 min) at the start ${startLoad.toFixed(1)}, at the end ${loadavg()[0].toFixed(1)}`,
      `Backlog of ${BACKLOG} analyses (${RECORDING_SECONDS} s recordings, no transcriber), a worker killed (SIGKILL) and restarted every ${KILL_EVERY_SECONDS} s`,
      ...rounds.map(
        (r) =>
          `   ${r.count} worker${r.count > 1 ? 's' : ' '}: drained in ${r.seconds.toFixed(1)} s = ${r.perMinute.toFixed(1)} analyses/min (one analysis: median ${r.analysisSeconds.toFixed(2)} s); ${r.kills} kills; ` +
          `analysed exactly once ${r.analysedOnce}/${r.sessions}, not analysed ${r.notAnalysed}, failed ${r.failed}, completed twice ${r.completedTwice}, ` +
          `result written twice ${r.writtenTwice}, started again after a kill ${r.restarted}; jobs ${JSON.stringify(r.jobs)}, retries ${r.retries}`,
      ),
      `   two workers ×${(two.perMinute / one.perMinute).toFixed(2)} one's drain rate; goal every session analysed exactly once: ${ok(one) && ok(two) ? 'met' : 'MISSED'}`,
    ].join('\n'),
  );
  reportRows([
    {
      benchmark: 'bench:backlog',
      measure: `drain of a backlog of ${BACKLOG} analyses (${RECORDING_SECONDS} s recordings) by two workers, one killed every ${KILL_EVERY_SECONDS} s (analyses per minute, higher is better)`,
      result: `${two.perMinute.toFixed(1)}/min; ${two.analysedOnce}/${BACKLOG} analysed exactly once, ${two.notAnalysed} lost, ${two.writtenTwice} written twice`,
      baseline: `one worker ${one.perMinute.toFixed(1)}/min; ${one.analysedOnce}/${BACKLOG} exactly once, ${one.notAnalysed} lost, ${one.writtenTwice} written twice`,
      ratio: two.perMinute / one.perMinute,
      target: 'every session analysed exactly once',
    },
  ]);
  if (!ok(one) || !ok(two)) process.exitCode = 1;
} finally {
  for (const worker of workers) worker.child.kill('SIGKILL');
  await api?.stop();
  await database.stop();
  await rm(work, { recursive: true, force: true });
}
