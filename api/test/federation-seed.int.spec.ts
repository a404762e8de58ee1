import type { DevelopmentDto, SessionPageDto, TeamOverviewDto, TeamSessionPageDto } from '@touchline/shared';
import { growFederation, seedFederation, type Federation, type SeedAnalysis } from '@touchline/tooling';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { talkMetrics } from '../src/analysis/pipeline/talk-metrics';
import { assessSession } from '../src/analysis/rubric/coaching-report';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, embeddedSigningKey, mint } from './support/tokens';

// The benchmark's federation seeder (tooling), at a small size: what it writes is what the API reads and shows.
const rubric = loadRubric();
let api: TestApi;
let db: Client;
let federation: Federation;
let signing: Awaited<ReturnType<typeof embeddedSigningKey>>;

const analyses: SeedAnalysis[] = [3, 9].map((questions) => {
  const utterances = Array.from({ length: 12 }, (_, k) => ({
    start: k * 20,
    end: k * 20 + 4,
    text: k < questions ? 'What did you see there?' : 'Pass it wide.',
  }));
  const metrics = talkMetrics(utterances, 300, rubric.segmentation.intervention_gap_seconds.value);
  const report = assessSession(
    rubric,
    metrics,
    utterances,
    utterances.map((u) => u.text),
  );
  return {
    metrics: report.metrics,
    segments: utterances.map(({ start, end }) => ({ start, end })),
    transcriber: 'whisper',
    transcript: report.transcript,
    coachingStyle: report.coachingStyle,
    scores: report.scores,
    rubricVersion: rubric.version,
  };
});

const get = async <T>(identityId: string, route: string): Promise<T> => {
  const token = await mint(signing, { sub: identityId, iss: `${api.url}/idp`, aud: 'touchline-api' });
  const res = await fetch(`${api.url}${route}`, { headers: bearer(token) });
  expect(res.status, route).toBe(200);
  return (await res.json()) as T;
};

beforeAll(async () => {
  api = await startTestApi({ TRANSCRIBER: 'none', BACKGROUND_JOBS: 'false' });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  signing = await embeddedSigningKey(api.db.url);
  federation = await seedFederation(db, {
    analyses,
    coaches: 80,
    sessions: 1500,
    teams: 4,
    busiestSessions: 150,
    developingSessions: 100,
    largestTeam: 20,
    largestTeamSessionsEach: 10,
  });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
});

describe('seedFederation', () => {
  it('writes the coaches, the teams and the analysed sessions asked for, with failed ones, goals and review links beside', async () => {
    const { counts } = federation;
    expect(counts.coaches).toBe(80);
    expect(counts.analysed).toBe(1500);
    expect(counts.sessions - counts.analysed).toBe(30);
    // Teams of 20, 10, 11 and 12 coaches fit in 80 (the featured two are on their own).
    expect(counts.teams).toBe(4);
    expect(counts.teamMembers).toBe(53);
    expect(counts.goals).toBeGreaterThan(0);
    expect(counts.reviewLinks).toBeGreaterThan(0);
    expect(counts.reviewComments).toBe(counts.reviewLinks * 2);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM team_members m JOIN users u ON u.id = m.user_id WHERE u.plan <> 'Elite' OR u.elite_role <> m.role`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('gives the busiest coach their sessions, listed, searched and filtered by the API', async () => {
    const all = await get<SessionPageDto>(federation.busiest.identityId, '/api/sessions');
    expect(all.total).toBe(153);
    const training = await get<SessionPageDto>(federation.busiest.identityId, '/api/sessions?search=training&status=completed&pageSize=50');
    expect(training.total).toBeGreaterThan(30);
    expect(training.total).toBeLessThan(120);
    expect(training.items.every((s) => s.title.includes('training') && s.processingStatus === 'completed')).toBe(true);
  });

  it("shows the developing coach's Development over every analysed session and Compare of four", async () => {
    const development = await get<DevelopmentDto>(federation.developing.identityId, '/api/dashboard/development');
    expect(development.points).toHaveLength(100);
    expect(development.goals).toHaveLength(2);
    expect(federation.developing.sessionIds).toHaveLength(4);
    await get(federation.developing.identityId, `/api/dashboard/compare?ids=${federation.developing.sessionIds.join(',')}`);
  });

  it("shows the largest team's admin the 20 coaches and their sessions", async () => {
    const overview = await get<TeamOverviewDto>(federation.teamAdmin.identityId, '/api/team/overview');
    expect(overview.totals.members).toBe(20);
    expect(overview.totals.completed).toBe(200);
    expect(overview.coaches.reduce((sum, c) => sum + c.completed, 0)).toBe(200);
    const page = await get<TeamSessionPageDto>(federation.teamAdmin.identityId, '/api/team/sessions');
    expect(page.total).toBe(overview.totals.sessions);
  });

  it("grows the other coaches' sessions and leaves the featured coaches as they were", async () => {
    const counts = await growFederation(db, { analyses, sessions: 1000 });
    expect(counts.analysed).toBe(2500);
    const all = await get<SessionPageDto>(federation.busiest.identityId, '/api/sessions');
    expect(all.total).toBe(153);
    const overview = await get<TeamOverviewDto>(federation.teamAdmin.identityId, '/api/team/overview');
    expect(overview.totals.completed).toBe(200);
  });
});
