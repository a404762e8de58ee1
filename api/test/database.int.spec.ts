import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let client: Client;

beforeAll(async () => {
  api = await startTestApi();
  client = new Client({ connectionString: api.db.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await api?.stop();
});

const insertUser = (values: { identityId: string; email: string; plan: string; eliteRole?: string | null }) =>
  client.query('INSERT INTO users (identity_id, username, email, plan, elite_role) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
    values.identityId,
    'coach',
    values.email,
    values.plan,
    values.eliteRole ?? null,
  ]);

const sqlState = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

describe('users table (migrations)', () => {
  it('creates users with a uuid id and timestamps', async () => {
    const { rows } = await insertUser({ identityId: 'sub-a', email: 'a@club.example', plan: 'Elite', eliteRole: 'Elite Admin' });
    expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0].created_at).toBeInstanceOf(Date);
    expect(rows[0].updated_at).toBeInstanceOf(Date);
  });

  it('keeps identityId unique', async () => {
    await insertUser({ identityId: 'sub-b', email: 'b@club.example', plan: 'Coach' });
    expect(await sqlState(insertUser({ identityId: 'sub-b', email: 'b2@club.example', plan: 'Coach' }))).toBe('23505');
  });

  it('keeps email unique regardless of case', async () => {
    await insertUser({ identityId: 'sub-c', email: 'Case@Club.example', plan: 'Coach' });
    expect(await sqlState(insertUser({ identityId: 'sub-c2', email: 'case@club.example', plan: 'Coach' }))).toBe('23505');
  });

  it('refuses an unknown plan and an Elite role outside the Elite plan', async () => {
    expect(await sqlState(insertUser({ identityId: 'sub-d', email: 'd@club.example', plan: 'Gold' }))).toBe('23514');
    expect(await sqlState(insertUser({ identityId: 'sub-e', email: 'e@club.example', plan: 'Coach', eliteRole: 'Elite Admin' }))).toBe('23514');
    expect(await sqlState(insertUser({ identityId: 'sub-f', email: 'f@club.example', plan: 'Elite', eliteRole: 'Owner' }))).toBe('23514');
  });

  it('records the applied migration', async () => {
    const { rows } = await client.query('SELECT name FROM migrations');
    expect(rows.map((r) => r.name)).toEqual([
      'CreateUsers1763700000000',
      'Identity1763800000000',
      'CoachingSessions1763900000000',
      'SessionAnalysis1764000000000',
      'CoachingReport1764100000000',
      'SessionStatusNotify1764200000000',
      'IdentitySignupProfile1764210000000',
      'FailureRetryable1764250000000',
      'CoachingGoals1764260000000',
      'AnalysisCodeCounts1764300000000',
      'PlanCatalogue1764400000000',
      'ReviewLinks1764500000000',
      'SupportRequests1764600000000',
      'SquadRoster1764800000000',
      'Teams1764900000000',
      'TeamPreviousPlanStart1764910000000',
      'TeamMembershipFollowsPlan1764920000000',
      'Billing1765100000000',
      'PlanStartNotify1765200000000',
      'TeamClosesWithSubscription1765300000000',
      'RecordingSeconds1765400000000',
      'TeamSquad1765500000000',
      'WhisperTranscriber1765600000000',
      'PlanRequests1765700000000',
      'AccountNotice1765800000000',
      'ThrottleAttempts1765900000000',
      'JobHolders1765910000000',
      'AnalysisWaiting1766000000000',
      'FederationScale1766100000000',
    ]);
  });
});

describe('coaching_sessions table (migrations)', () => {
  const insertSession = (ownerId: string, values: Record<string, unknown> = {}) => {
    const v = {
      title: 'Tuesday',
      media_type: 'video',
      original_file_name: 'a.mp4',
      size_bytes: 10,
      uploaded_at: null,
      storage_key: null,
      content_type: null,
      ...values,
    };
    return client.query(
      'INSERT INTO coaching_sessions (owner_id, title, media_type, original_file_name, size_bytes, uploaded_at, storage_key, content_type) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *',
      [ownerId, v.title, v.media_type, v.original_file_name, v.size_bytes, v.uploaded_at, v.storage_key, v.content_type],
    );
  };

  it('keeps a session consistent: known media type, positive size, a title, and uploaded exactly when it has a recording', async () => {
    const owner = (await insertUser({ identityId: 'sub-owner', email: 'owner@club.example', plan: 'Coach' })).rows[0].id as string;
    const row = (await insertSession(owner)).rows[0];
    expect(row).toMatchObject({ processing_status: 'pending', uploaded_at: null });
    expect(await sqlState(insertSession(owner, { media_type: 'image' }))).toBe('23514');
    expect(await sqlState(insertSession(owner, { size_bytes: 0 }))).toBe('23514');
    expect(await sqlState(insertSession(owner, { title: '   ' }))).toBe('23514');
    expect(await sqlState(insertSession(owner, { uploaded_at: new Date() }))).toBe('23514');
    expect(await sqlState(insertSession(owner, { uploaded_at: new Date(), storage_key: 'k', content_type: 'video/mp4' }))).toBe('ok');
    expect(await sqlState(insertSession('00000000-0000-4000-8000-000000000000'))).toBe('23503');
    // What a running analysis waits for is one of the known waits, or nothing.
    expect(row.analysis_waiting).toBeNull();
    expect(await sqlState(client.query(`UPDATE coaching_sessions SET analysis_waiting = 'lunch' WHERE id = $1`, [row.id]))).toBe('23514');
    expect(await sqlState(client.query(`UPDATE coaching_sessions SET analysis_waiting = 'transcriber' WHERE id = $1`, [row.id]))).toBe('ok');
  });

  it("removes a user's sessions with the user", async () => {
    const owner = (await insertUser({ identityId: 'sub-gone', email: 'gone@club.example', plan: 'Coach' })).rows[0].id as string;
    await insertSession(owner);
    await client.query('DELETE FROM users WHERE id = $1', [owner]);
    expect((await client.query('SELECT count(*)::int AS n FROM coaching_sessions WHERE owner_id = $1', [owner])).rows[0].n).toBe(0);
  });

  it('keeps an analysis consistent: a known transcriber and style, and a transcript exactly when there is a transcriber', async () => {
    const owner = (await insertUser({ identityId: 'sub-analysed', email: 'analysed@club.example', plan: 'Coach' })).rows[0].id as string;
    const session = (await insertSession(owner)).rows[0].id as string;
    const insert = (values: { transcriber?: string; transcript?: string | null; style?: string | null }) =>
      client.query(
        `INSERT INTO session_analyses (session_id, metrics, segments, transcriber, transcript, coaching_style) VALUES ($1, '{}', '[]', $2, $3, $4)`,
        [session, values.transcriber ?? 'none', values.transcript ?? null, values.style ?? null],
      );
    expect(await sqlState(insert({ transcriber: 'whisperx' }))).toBe('23514');
    expect(await sqlState(insert({ transcriber: 'none', transcript: '[]' }))).toBe('23514');
    expect(await sqlState(insert({ transcriber: 'pocketsphinx' }))).toBe('23514');
    expect(await sqlState(insert({ style: 'Strict' }))).toBe('23514');
    expect(await sqlState(insert({ transcriber: 'http', transcript: '[]', style: 'Balanced' }))).toBe('ok');
    await client.query('DELETE FROM session_analyses WHERE session_id = $1', [session]);
    expect(await sqlState(insert({ transcriber: 'whisper', transcript: '[]', style: 'Balanced' }))).toBe('ok');
  });

  it("keeps each analysis's figures beside it: talk metrics, code shares of the transcript, scores without their wording", async () => {
    const owner = (await insertUser({ identityId: 'sub-figures', email: 'figures@club.example', plan: 'Coach' })).rows[0].id as string;
    const [transcribed, legacy] = [(await insertSession(owner)).rows[0].id as string, (await insertSession(owner)).rows[0].id as string];
    const metrics = {
      durationSeconds: 600,
      talkRatio: 0.25,
      interventionsPerMinute: 1.5,
      meanInterventionSeconds: 4,
      longestInterventionSeconds: 9,
      longestSilenceSeconds: 120,
    };
    const transcript = [
      { start: 1, end: 2, text: 'Where is the space?', codes: ['questioning'] },
      { start: 5, end: 6, text: 'Pass it wide.', codes: ['instruction'] },
      { start: 9, end: 10, text: 'Well done!', codes: ['praise', 'instruction'] },
    ];
    const scores = [{ category: 'communication', score: 72, level: 'advanced', basis: 'Questions: 1 of 3', confidence: 'high' }];
    await client.query(
      `INSERT INTO session_analyses (session_id, metrics, segments, transcriber, transcript, coaching_style, scores, rubric_version)
       VALUES ($1, $2, '[]', 'whisper', $3, 'Balanced', $4, 'v1'), ($5, $2, '[]', 'none', NULL, NULL, NULL, NULL)`,
      [transcribed, JSON.stringify(metrics), JSON.stringify(transcript), JSON.stringify(scores), legacy],
    );
    const figures = async (id: string) => (await client.query('SELECT figures FROM session_analyses WHERE session_id = $1', [id])).rows[0].figures;
    expect(await figures(transcribed)).toEqual({
      ...metrics,
      questioningShare: 0.3333,
      instructionShare: 0.6667,
      praiseShare: 0.3333,
      scoldShare: 0,
      scores: [{ category: 'communication', score: 72, level: 'advanced' }],
      communication: 72,
    });
    // Without a transcript (or scores, before the rubric) the shares and scores are absent, the metrics still there.
    expect(await figures(legacy)).toEqual({ ...metrics, questioningShare: null, instructionShare: null, praiseShare: null, scoldShare: null, scores: null });
  });
});

describe('embedded PostgreSQL', () => {
  it('keeps data across a stop and a start of the same data directory', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(`${(await import('node:os')).tmpdir()}/touchline-pg-`);
    try {
      const first = await startEmbeddedPostgres(dir);
      const c1 = new Client({ connectionString: first.url });
      await c1.connect();
      await c1.query('CREATE TABLE kept (v text)');
      await c1.query("INSERT INTO kept VALUES ('still here')");
      await c1.end();
      await first.stop();

      const second = await startEmbeddedPostgres(dir);
      const c2 = new Client({ connectionString: second.url });
      await c2.connect();
      const { rows } = await c2.query('SELECT v FROM kept');
      await c2.end();
      await second.stop();
      expect(rows).toEqual([{ v: 'still here' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('health without a database', () => {
  it('answers 503 once the database is gone', async () => {
    await client.end();
    await api.db.stop();
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ statusCode: 503 });
    // Let afterAll's stop() succeed without a second stop of the cluster.
    client = { end: async () => undefined } as unknown as Client;
  });
});
