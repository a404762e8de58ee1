import {
  COMPARE_MESSAGES,
  GOAL_MESSAGES,
  MAX_GOALS,
  SESSION_FIGURES,
  SKILL_CATEGORIES,
  SKILL_LEVELS,
  type CompareDto,
  type DevelopmentDto,
  type GoalDto,
  type SessionFigures,
} from '@touchline/shared';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRubric } from '../src/analysis/rubric/rubric';
import { seedAnalysedSession, type SeededReport } from './support/seed-reports';
import { startTestApi, type TestApi } from './support/test-api';
import { bearer, registerCoach } from './support/tokens';

const rubric = loadRubric();

let api: TestApi;
let db: Client;
let token: string;
let other: string;
let reports: SeededReport[];

const call = (method: string, route: string, body?: unknown, as = token) =>
  fetch(`${api.url}${route}`, {
    method,
    headers: { ...bearer(as), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

const ownerOf = async (sub: string) => ((await db.query('SELECT id FROM users WHERE identity_id = $1', [sub])).rows[0] as { id: string }).id;

/** What a stored report says about a figure, computed here from the report itself. */
function expectedFigures(report: SeededReport): SessionFigures {
  const share = (code: string) =>
    report.transcript?.length ? report.transcript.filter((u) => u.codes.includes(code as never)).length / report.transcript.length : null;
  return {
    durationSeconds: report.metrics.durationSeconds,
    talkRatio: report.metrics.talkRatio,
    interventionsPerMinute: report.metrics.interventionsPerMinute,
    meanInterventionSeconds: report.metrics.meanInterventionSeconds,
    longestInterventionSeconds: report.metrics.longestInterventionSeconds,
    longestSilenceSeconds: report.metrics.longestSilenceSeconds,
    questioningShare: share('questioning'),
    instructionShare: share('instruction'),
    praiseShare: share('praise'),
    scoldShare: share('scold'),
    ...(Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, report.scores.find((s) => s.category === c)!.score])) as Record<
      (typeof SKILL_CATEGORIES)[number],
      number | null
    >),
  };
}

function expectFigures(actual: SessionFigures, expected: SessionFigures) {
  for (const figure of SESSION_FIGURES) {
    if (expected[figure] === null) expect(actual[figure], figure).toBeNull();
    else expect(actual[figure], figure).toBeCloseTo(expected[figure]!, 3);
  }
}

// Six sessions with a transcript (the coach asks more and talks in shorter bursts over time) and one without.
const SAYINGS = [
  'Pass it wide and keep your shape.',
  'What did you see there?',
  'Great first touch Sam!',
  'Terrible, wake up at the back.',
  'Bibs on, line up in two lines.',
  'Where is the space, can you find it?',
  'Well done Emma, good work.',
];

beforeAll(async () => {
  api = await startTestApi({ TRANSCRIBER: 'none' });
  db = new Client({ connectionString: api.db.url });
  await db.connect();
  const coach = await registerCoach(api, 'Comparer');
  token = coach.token;
  other = (await registerCoach(api, 'Rival')).token;
  const owner = await ownerOf(coach.sub);
  reports = [];
  for (let i = 0; i < 7; i++) {
    const count = 3 + i;
    const length = Math.max(2, 12 - i * 1.5);
    const utterances = Array.from({ length: count }, (_, k) => {
      const start = 5 + k * 40;
      return { start, end: start + length, text: i === 6 ? null : SAYINGS[(k * (i + 1)) % SAYINGS.length]! };
    });
    reports.push(await seedAnalysedSession(db, owner, rubric, { title: `Session ${i + 1}`, minute: i * 60, durationSeconds: 600, utterances }));
  }
}, 120_000);

afterAll(async () => {
  await db?.end();
  await api?.stop();
});

describe('Compare dashboard', () => {
  it('puts the chosen sessions side by side with the figures of their reports, best and worst marked by the rubric', async () => {
    const chosen = [reports[4]!, reports[0]!, reports[6]!];
    const res = await call('GET', `/api/dashboard/compare?ids=${chosen.map((r) => r.id).join(',')}`);
    expect(res.status).toBe(200);
    const compare = (await res.json()) as CompareDto;
    expect(compare.sessions.map((s) => s.session.title)).toEqual(['Session 5', 'Session 1', 'Session 7']);
    compare.sessions.forEach((s, i) => {
      expectFigures(s.figures, expectedFigures(chosen[i]!));
      expect(s.coachingStyle).toBe(chosen[i]!.coachingStyle);
      expect(s.scores).toEqual(chosen[i]!.scores.map(({ category, score, level }) => ({ category, score, level })));
      expect(s.segments).toEqual(chosen[i]!.segments);
    });
    const row = (figure: string) => compare.rows.find((r) => r.figure === figure)!;
    expect(compare.rows.map((r) => r.figure)).toEqual([...SESSION_FIGURES]);
    // Scores: the highest is best. Session length is not ranked.
    const communication = chosen.map((r) => r.scores.find((s) => s.category === 'communication')!.score!);
    expect(row('communication').direction).toBe('higher');
    expect(row('communication').verdicts[communication.indexOf(Math.max(...communication))]).toBe('best');
    expect(row('communication').verdicts[communication.indexOf(Math.min(...communication))]).toBe('worst');
    expect(row('durationSeconds')).toMatchObject({ direction: 'none', verdicts: [null, null, null] });
    // The longest intervention: shorter is better (the rubric's direction).
    const longest = chosen.map((r) => r.metrics.longestInterventionSeconds);
    expect(row('longestInterventionSeconds').direction).toBe('lower');
    expect(row('longestInterventionSeconds').verdicts[longest.indexOf(Math.min(...longest))]).toBe('best');
    // Talk ratio: nearest to the rubric's ideal band is best.
    expect(row('talkRatio')).toMatchObject({ direction: 'ideal', ideal: [0.15, 0.4] });
    // Without a transcript there is no questioning share, and nothing to rank it by.
    expect(compare.sessions[2]!.figures.questioningShare).toBeNull();
  });

  it('refuses fewer than two, more than four, repeated or malformed ids with a clear message', async () => {
    const ids = reports.map((r) => r.id);
    for (const query of [ids[0], ids.slice(0, 5).join(','), `${ids[0]},${ids[0]}`, `${ids[0]},nope`, '']) {
      const res = await call('GET', `/api/dashboard/compare?ids=${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, message: COMPARE_MESSAGES.ids });
    }
  });

  it("answers 404 for another coach's session and 409 for one not analysed yet", async () => {
    const ids = `${reports[0]!.id},${reports[1]!.id}`;
    expect((await call('GET', `/api/dashboard/compare?ids=${ids}`, undefined, other)).status).toBe(404);
    const pending = await call('POST', '/api/sessions', { title: 'Not yet', mediaType: 'audio', fileName: 'a.wav', sizeBytes: 1000 });
    expect(pending.status).toBe(201);
    const { id } = ((await pending.json()) as { session: { id: string } }).session;
    const res = await call('GET', `/api/dashboard/compare?ids=${reports[0]!.id},${id}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ statusCode: 409, message: COMPARE_MESSAGES.notCompleted });
    expect((await fetch(`${api.url}/api/dashboard/compare?ids=${ids}`)).status).toBe(401);
  });
});

describe('Development dashboard and goals', () => {
  it('answers one point per analysed session, oldest first, with the rolling mean of the last five', async () => {
    const dev = (await (await call('GET', '/api/dashboard/development')).json()) as DevelopmentDto;
    expect(dev.points.map((p) => p.sessionId)).toEqual(reports.map((r) => r.id));
    dev.points.forEach((point, i) => {
      expectFigures(point.figures, expectedFigures(reports[i]!));
      const window = reports.slice(Math.max(0, i - 4), i + 1).map(expectedFigures);
      for (const figure of ['talkRatio', 'questioningShare', 'technical', 'communication'] as const) {
        const values = window.map((f) => f[figure]).filter((v): v is number => v !== null);
        expect(point.rolling[figure], `${figure} at ${i}`).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 3);
      }
      expect(point.levels.communication).toBe(reports[i]!.scores.find((s) => s.category === 'communication')!.level);
    });
  });

  it('says the highest level reached per category and the first session that reached it, and suggests for the weakest', async () => {
    const dev = (await (await call('GET', '/api/dashboard/development')).json()) as DevelopmentDto;
    for (const category of SKILL_CATEGORIES) {
      const levels = reports.map((r) => r.scores.find((s) => s.category === category)!.level);
      const best = levels.reduce<number>((top, level) => Math.max(top, level ? SKILL_LEVELS.indexOf(level) : -1), -1);
      const reached = dev.levelsReached.find((l) => l.category === category)!;
      if (best < 0) {
        expect(reached).toMatchObject({ level: null, sessionId: null });
        continue;
      }
      const first = levels.findIndex((level) => level === SKILL_LEVELS[best]);
      expect(reached).toMatchObject({ level: SKILL_LEVELS[best], sessionId: reports[first]!.id, date: reports[first]!.createdAt.toISOString() });
    }
    const recent = reports.slice(-5);
    const means = SKILL_CATEGORIES.map((category) => {
      const scores = recent.map((r) => r.scores.find((s) => s.category === category)!.score).filter((v): v is number => v !== null);
      return { category, mean: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : Infinity };
    });
    const weakest = means.reduce((low, m) => (m.mean < low.mean ? m : low));
    expect(dev.suggestions).toMatchObject({ category: weakest.category, guidance: rubric.categories[weakest.category].guidance });
    expect(dev.suggestions!.score).toBeCloseTo(weakest.mean, 1);
  });

  it('evaluates a goal on every session and says where it stands by the latest', async () => {
    const longest = reports.map((r) => r.metrics.longestInterventionSeconds);
    const target = (longest[5]! + longest[6]!) / 2; // the last session meets "at most", an earlier one does not
    const created = await call('POST', '/api/dashboard/goals', {
      figure: 'longestInterventionSeconds',
      comparison: 'atMost',
      target,
      targetDate: '2099-12-31',
    });
    expect(created.status).toBe(201);
    const goal = (await created.json()) as GoalDto;
    expect(goal).toMatchObject({ figure: 'longestInterventionSeconds', comparison: 'atMost', target, targetDate: '2099-12-31' });
    expect(goal.progress).toMatchObject({ status: 'met', latest: longest[6], fraction: 1, overdue: false, evaluatedSinceSet: 0 });

    const questions = await call('POST', '/api/dashboard/goals', { figure: 'questioningShare', comparison: 'atLeast', target: 0.99, targetDate: '2020-01-31' });
    const questionGoal = (await questions.json()) as GoalDto;
    const lastShare = expectedFigures(reports[5]!).questioningShare!;
    expect(questionGoal.progress).toMatchObject({ status: 'not-met', overdue: true });
    expect(questionGoal.progress.latest).toBeCloseTo(lastShare, 3);
    expect(questionGoal.progress.fraction).toBeCloseTo(lastShare / 0.99, 2);

    const dev = (await (await call('GET', '/api/dashboard/development')).json()) as DevelopmentDto;
    expect(dev.goals.map((g) => g.id)).toEqual([goal.id, questionGoal.id]);
    expect(dev.points.map((p) => p.goals[0])).toEqual(longest.map((l) => l <= target));
    // The session without a transcript has no questioning share to judge.
    expect(dev.points[6]!.goals[1]).toBeNull();

    // Lowering the bar turns the questioning goal met.
    const updated = await call('PUT', `/api/dashboard/goals/${questionGoal.id}`, {
      figure: 'questioningShare',
      comparison: 'atLeast',
      target: 0,
      targetDate: '2020-01-31',
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as GoalDto).progress).toMatchObject({ status: 'met', overdue: false });
    expect(((await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[]).map((g) => g.progress.status)).toEqual(['met', 'met']);
  });

  it('refuses bad goals with a clear message and changes nothing', async () => {
    const before = (await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[];
    const good = { figure: 'praiseShare', comparison: 'atLeast', target: 0.2, targetDate: '2027-03-01' };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, target: 1.5 }, /target must be a number from 0 to 1 for this figure/],
      [{ ...good, figure: 'technical', target: 101 }, /from 0 to 100/],
      [{ ...good, figure: 'longestSilenceSeconds', target: -1 }, /from 0 to 14400/],
      [{ ...good, target: '0.2' }, /target must be a number/],
      [{ ...good, figure: 'durationSeconds' }, /figure must be one of/],
      [{ ...good, comparison: 'about' }, /comparison must be one of/],
      [{ ...good, targetDate: '2027-02-30' }, /targetDate must be a day/],
      [{ ...good, targetDate: '3000-01-01' }, /targetDate must be a day/],
      [{ ...good, owner: 'me' }, /owner should not exist/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/dashboard/goals', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { statusCode: number; message: string };
      expect(answer.statusCode).toBe(400);
      expect(answer.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await (await call('GET', '/api/dashboard/goals')).json()).toEqual(before);
  });

  it("keeps goals to their owner: another coach's goal is not found, and never listed", async () => {
    const [goal] = (await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[];
    const body = { figure: 'talkRatio', comparison: 'atMost', target: 0.3, targetDate: '2027-01-01' };
    const put = await call('PUT', `/api/dashboard/goals/${goal!.id}`, body, other);
    expect(put.status).toBe(404);
    expect(await put.json()).toEqual({ statusCode: 404, message: GOAL_MESSAGES.notFound });
    expect((await call('DELETE', `/api/dashboard/goals/${goal!.id}`, undefined, other)).status).toBe(404);
    expect((await call('DELETE', '/api/dashboard/goals/not-a-uuid')).status).toBe(404);
    expect(await (await call('GET', '/api/dashboard/goals', undefined, other)).json()).toEqual([]);
    const rivalDev = (await (await call('GET', '/api/dashboard/development', undefined, other)).json()) as DevelopmentDto;
    expect(rivalDev).toMatchObject({ points: [], goals: [], suggestions: null });
    expect(rivalDev.levelsReached.every((l) => l.level === null)).toBe(true);
    expect((await fetch(`${api.url}/api/dashboard/goals`)).status).toBe(401);

    expect((await call('DELETE', `/api/dashboard/goals/${goal!.id}`)).status).toBe(204);
    expect(((await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[]).map((g) => g.id)).not.toContain(goal!.id);
  });

  it(`allows at most ${MAX_GOALS} goals`, async () => {
    const existing = ((await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[]).length;
    const body = { figure: 'talkRatio', comparison: 'atMost', target: 0.3, targetDate: '2027-01-01' };
    // Sent at once, one more than allowed: exactly the allowed number are added.
    const answers = await Promise.all(Array.from({ length: MAX_GOALS - existing + 1 }, () => call('POST', '/api/dashboard/goals', body)));
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(MAX_GOALS - existing).fill(201), 409]);
    const refused = answers.find((res) => res.status === 409)!;
    expect(await refused.json()).toEqual({ statusCode: 409, message: GOAL_MESSAGES.tooMany });
    expect(((await (await call('GET', '/api/dashboard/goals')).json()) as GoalDto[]).length).toBe(MAX_GOALS);
  });
});
