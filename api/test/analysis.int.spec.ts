import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CoachingSessionDto, SessionPageDto, SessionReportDto } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisJobs } from '../src/analysis/analysis-jobs';
import { loadRubric } from '../src/analysis/rubric';
import { talkMetrics } from '../src/analysis/talk-metrics';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

// @ts-expect-error plain ESM module without types
import { generateSession } from '../../infra/lib/session-generator.mjs';

const GAP = loadRubric().segmentation.intervention_gap_seconds.value;

let api: TestApi;
let token: string;
let dir: string;

const call = (method: string, route: string, body?: unknown) =>
  fetch(`${api.url}${route}`, { method, headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });

/** A session and its recording, sent in one tus creation-with-upload request. */
async function uploadSession(fileName: string, data: Buffer, mediaType = 'audio'): Promise<string> {
  const created = (await (await call('POST', '/api/sessions', { title: fileName, mediaType, fileName, sizeBytes: data.length })).json()) as { session: { id: string } };
  const res = await fetch(`${api.url}/api/uploads`, {
    method: 'POST',
    headers: {
      ...bearer(token),
      'tus-resumable': '1.0.0',
      'upload-length': String(data.length),
      'upload-metadata': `sessionId ${Buffer.from(created.session.id).toString('base64')}`,
      'content-type': 'application/offset+octet-stream',
    },
    body: data,
  });
  expect(res.status).toBe(201);
  return created.session.id;
}

async function settled(id: string): Promise<CoachingSessionDto> {
  let session: CoachingSessionDto | undefined;
  await expect
    .poll(
      async () => {
        session = (await (await call('GET', `/api/sessions/${id}`)).json()) as CoachingSessionDto;
        return session.processingStatus;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toMatch(/completed|failed/);
  return session!;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-analysis-'));
  api = await startTestApi();
  token = (await registerCoach(api, 'Analyst')).token;
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('session analysis (queue, worker, report)', { timeout: 90_000 }, () => {
  it('analyses an uploaded session and reports the talk metrics and speech segments', async () => {
    const file = path.join(dir, 'training.wav');
    const { truth } = generateSession({
      file,
      seconds: 30,
      snrDb: 20,
      script: [
        { text: 'Everyone in, quick water break and then small sided games.', at: 1 },
        { text: 'Look up before you pass.', at: 10 },
        { text: 'Nice one Jordan, keep it going!', at: 20 },
      ],
    }) as { truth: { start: number; end: number }[] };
    const id = await uploadSession('training.wav', await readFile(file));
    const report409 = await call('GET', `/api/sessions/${id}/report`);
    expect([200, 409]).toContain(report409.status);

    const session = await settled(id);
    expect(session).toMatchObject({ processingStatus: 'completed', analysisProgress: 100, failureReason: null });
    const report = (await (await call('GET', `/api/sessions/${id}/report`)).json()) as SessionReportDto;
    const expected = talkMetrics(truth, 30, GAP);
    expect(report.metrics.durationSeconds).toBeCloseTo(30, 0);
    expect(Math.abs(report.metrics.talkRatio - expected.talkRatio) * 100).toBeLessThanOrEqual(3);
    expect(report.metrics.interventions).toBe(3);
    expect(report.segments).toHaveLength(3);
    report.segments.forEach((segment, i) => expect(Math.abs(segment.start - truth[i]!.start)).toBeLessThan(0.3));
  });

  it('fails a damaged recording with a reason, without retrying it', async () => {
    const data = Buffer.concat([Buffer.from('000000206674797069736f6d0000020069736f6d69736f32', 'hex'), randomBytes(60_000)]);
    const id = await uploadSession('broken.mp4', data, 'video');
    const session = await settled(id);
    expect(session).toMatchObject({ processingStatus: 'failed', failureReason: 'The recording could not be read: the file is damaged or incomplete.' });
    expect((await call('GET', `/api/sessions/${id}/report`)).status).toBe(409);
  });

  it('picks up a session left processing by a worker that died, when the worker starts again', async () => {
    const file = path.join(dir, 'short.wav');
    generateSession({ file, seconds: 6, script: [{ text: 'Well done.', at: 1 }] });
    const id = await uploadSession('short.wav', await readFile(file));
    await settled(id);
    // As if a worker had died mid-job: the session is processing and its job is gone.
    const { Client } = await import('pg');
    const db = new Client({ connectionString: api.db.url });
    await db.connect();
    await db.query(`UPDATE coaching_sessions SET processing_status = 'processing', analysis_progress = 40 WHERE id = $1`, [id]);
    await db.query(`DELETE FROM pgboss.job WHERE data->>'sessionId' = $1`, [id]);
    await db.end();

    const jobs = api.app.get(AnalysisJobs);
    await jobs.onApplicationShutdown();
    await jobs.onApplicationBootstrap();
    expect(await settled(id)).toMatchObject({ processingStatus: 'completed', analysisProgress: 100 });
  });

  it('shows a report to its owner only', async () => {
    const { items: sessions } = (await (await call('GET', '/api/sessions')).json()) as SessionPageDto;
    const completed = sessions.find((s) => s.processingStatus === 'completed')!;
    const { token: other } = await registerCoach(api, 'Else');
    expect((await fetch(`${api.url}/api/sessions/${completed.id}/report`, { headers: bearer(other) })).status).toBe(404);
    expect((await fetch(`${api.url}/api/sessions/${completed.id}/report`)).status).toBe(401);
  });
});
