import { SKILL_CATEGORIES, type SessionReportDto, type TeamOverviewDto, type TeamSessionPageDto, type TeamSessionReportDto } from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { startMailCatcher } from './support/mail-catcher';
import { seedAnalysedSession, type SeededReport } from './support/seed-reports';
import { teamKit, type Coach } from './support/teams';
import { startTestApi, type TestApi } from './support/test-api';

const rubric = loadRubric();
let api: TestApi;
let db: Client;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let kit: ReturnType<typeof teamKit>;
let admin: Coach;
let coach: Coach;
const seeded: { owner: string; report: SeededReport }[] = [];

const utterances = (questions: number) => [
  { start: 10, end: 16, text: 'Pass it wide and keep your shape.' },
  ...Array.from({ length: questions }, (_, i) => ({ start: 30 + i * 20, end: 34 + i * 20, text: 'What did you see there?' })),
  { start: 200, end: 204, text: 'Great first touch!' },
];

beforeAll(async () => {
  mail = await startMailCatcher();
  api = await startTestApi({
    TRANSCRIBER: 'none',
    BACKGROUND_JOBS: 'false',
    USER_CACHE_SECONDS: '0',
    SMTP_PORT: String(mail.smtpPort),
    SMTP_HOST: '127.0.0.1',
  });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  kit = teamKit(api, () => db);
  admin = await kit.admin('View Admin');
  coach = await kit.coach('View Coach');
  await kit.call(admin.token, 'POST', '/api/team/invitations', { email: coach.email, role: 'Elite Coach' });
  const token = kit.tokenOf((await mail.waitForMail(coach.email, /invited to join/)).text);
  await kit.call(coach.token, 'POST', `/api/invitations/${token}/accept`);
  // Two weeks of sessions: the admin's first, then the coach's, with different amounts of questioning.
  const start = new Date('2026-09-07T08:00:00Z'); // a Monday
  const plan: [Coach, string, number, number][] = [
    [admin, 'Admin rondo', 0, 1],
    [coach, 'Coach passing drill', 60, 3],
    [coach, 'Coach finishing', 8 * 24 * 60, 0],
  ];
  for (const [owner, title, minute, questions] of plan) {
    seeded.push({
      owner: owner.id,
      report: await seedAnalysedSession(db, owner.id, rubric, { title, minute, durationSeconds: 240, utterances: utterances(questions) }, start),
    });
  }
  await db.query(
    `INSERT INTO coaching_sessions (owner_id, title, media_type, original_file_name, size_bytes, content_type, storage_key, processing_status, analysis_progress, uploaded_at, failure_reason)
     VALUES ($1, 'Coach broken upload', 'video', 'b.mp4', 10, 'video/mp4', 'sessions/broken', 'failed', 0, now(), 'unreadable')`,
    [coach.id],
  );
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
  await mail?.stop();
});

const get = async <T>(route: string, token = admin.token): Promise<T> => {
  const res = await kit.call(token, 'GET', route);
  expect(res.status, route).toBe(200);
  return (await res.json()) as T;
};

describe('Team Sessions', () => {
  it('lists every member’s sessions, newest first, with coach, status, style and scores', async () => {
    const page = await get<TeamSessionPageDto>('/api/team/sessions');
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(page.items.map((i) => [i.session.title, i.coach.username, i.session.processingStatus])).toEqual([
      ['Coach broken upload', 'View Coach', 'failed'],
      ['Coach finishing', 'View Coach', 'completed'],
      ['Coach passing drill', 'View Coach', 'completed'],
      ['Admin rondo', 'View Admin', 'completed'],
    ]);
    const drill = seeded[1]!.report;
    const row = page.items.find((i) => i.session.id === drill.id)!;
    expect(row.coachingStyle).toBe(drill.coachingStyle);
    expect(row.scores).toEqual(Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, drill.scores.find((s) => s.category === c)!.score])));
    expect(page.items[0]).toMatchObject({ coachingStyle: null, scores: null });
  });

  it('searches, filters by status, media type and coach, and pages as the sessions dashboard does', async () => {
    expect((await get<TeamSessionPageDto>('/api/team/sessions?search=coach%20drill')).items.map((i) => i.session.title)).toEqual(['Coach passing drill']);
    expect((await get<TeamSessionPageDto>('/api/team/sessions?status=failed')).total).toBe(1);
    expect((await get<TeamSessionPageDto>('/api/team/sessions?mediaType=video')).total).toBe(1);
    expect((await get<TeamSessionPageDto>(`/api/team/sessions?coachId=${admin.id}`)).items.map((i) => i.session.title)).toEqual(['Admin rondo']);
    const second = await get<TeamSessionPageDto>('/api/team/sessions?page=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.items.map((i) => i.session.title)).toEqual(['Admin rondo']);
    const bad = await kit.call(admin.token, 'GET', '/api/team/sessions?pageSize=500');
    expect(await bad.json()).toEqual({ statusCode: 400, message: 'pageSize must be at most 50' });
  });

  it('the admin opens a member’s report: the same report the coach reads', async () => {
    const id = seeded[1]!.report.id;
    const own = await get<SessionReportDto>(`/api/sessions/${id}/report`, coach.token);
    const opened = await get<TeamSessionReportDto>(`/api/team/sessions/${id}/report`);
    expect(opened).toEqual({ coach: { userId: coach.id, username: 'View Coach' }, report: own });
    // The admin cannot change it: the coach's own routes do not know the session for the admin.
    expect((await kit.call(admin.token, 'GET', `/api/sessions/${id}/report`)).status).toBe(404);
    expect((await kit.call(admin.token, 'DELETE', `/api/sessions/${id}`)).status).toBe(404);
  });

  it('a session whose analysis is not done has no report yet (409)', async () => {
    const failed = (await get<TeamSessionPageDto>('/api/team/sessions?status=failed')).items[0]!.session.id;
    const res = await kit.call(admin.token, 'GET', `/api/team/sessions/${failed}/report`);
    expect(res.status).toBe(409);
  });
});

describe('Team Overview', () => {
  it('totals, per-coach means and the weekly trend of the team', async () => {
    const overview = await get<TeamOverviewDto>('/api/team/overview');
    expect(overview.totals).toEqual({ members: 2, pendingInvitations: 0, sessions: 4, completed: 3, inProgress: 0, failed: 1 });
    const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e4) / 1e4;
    const of = (owner: string) => seeded.filter((s) => s.owner === owner).map((s) => s.report);
    const talk = (reports: SeededReport[]) => mean(reports.map((r) => r.metrics.talkRatio));
    const score = (reports: SeededReport[], category: string) => mean(reports.map((r) => r.scores.find((s) => s.category === category)!.score!));

    const byName = Object.fromEntries(overview.coaches.map((c) => [c.username, c]));
    expect(byName['View Coach']).toMatchObject({ role: 'Elite Coach', sessions: 3, completed: 2, talkRatio: talk(of(coach.id)) });
    expect(byName['View Admin']).toMatchObject({ role: 'Elite Admin', sessions: 1, completed: 1, talkRatio: talk(of(admin.id)) });
    expect(byName['View Coach']!.scores.communication).toBe(score(of(coach.id), 'communication'));
    // More questions, a larger questioning share: the admin asked 1 of 3, the coach 3 of 5 and 0 of 2.
    expect(byName['View Admin']!.questioningShare).toBeCloseTo(1 / 3, 3);
    expect(byName['View Coach']!.questioningShare).toBeCloseTo((3 / 5 + 0) / 2, 3);
    expect(overview.averages.talkRatio).toBe(talk(seeded.map((s) => s.report)));

    expect(overview.trend.map((w) => [w.week, w.sessions])).toEqual([
      ['2026-09-07', 2],
      ['2026-09-14', 1],
    ]);
    expect(overview.team).toMatchObject({ seatsUsed: 2, role: 'Elite Admin' });
  });
});
