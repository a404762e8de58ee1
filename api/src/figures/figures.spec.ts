import { SESSION_FIGURES, SKILL_CATEGORIES, type CategoryScores, type SessionFigures } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { mean, meanScores, rollingMeans, verdicts, weekOf, weeklyTrend } from './figures';

const figures = (talkRatio: number | null, technical: number | null): SessionFigures =>
  ({ ...Object.fromEntries(SESSION_FIGURES.map((f) => [f, null])), talkRatio, technical }) as SessionFigures;

const scores = (technical: number | null, tactical: number | null = null): CategoryScores =>
  ({ ...Object.fromEntries(SKILL_CATEGORIES.map((c) => [c, null])), technical, tactical }) as CategoryScores;

describe('the mean of figures', () => {
  it('is null for no values, and for values that are all missing', () => {
    expect(mean([])).toBeNull();
    expect(mean([null, null])).toBeNull();
  });

  it('leaves missing values out rather than counting them as 0', () => {
    expect(mean([0.2, null, 0.4])).toBe(0.3);
    expect(mean([null, 0])).toBe(0);
  });

  it('rounds to 4 decimals, or to the places asked for', () => {
    expect(mean([1, 2, 2])).toBe(1.6667);
    expect(mean([1, 2, 2], 2)).toBe(1.67);
    expect(mean([0.12344, 0.12346])).toBe(0.1235);
    expect(mean([70, 81, null], 2)).toBe(75.5);
  });

  it('averages each category over the rows that have it', () => {
    const rows = [{ scores: scores(50, null) }, { scores: scores(null, null) }, { scores: scores(71, 40) }];
    expect(meanScores(rows)).toEqual({ ...scores(60.5, 40) });
    expect(meanScores([])).toEqual(scores(null, null));
    expect(meanScores([{ scores: scores(1) }, { scores: scores(2) }, { scores: scores(2) }], 2).technical).toBe(1.67);
  });
});

describe('the weekly trend', () => {
  const at = (day: string, talkRatio: number | null, technical: number | null) => ({
    date: new Date(`${day}T12:00:00.000Z`),
    talkRatio,
    questioningShare: null,
    scores: scores(technical),
  });

  it('starts each week on its Monday (UTC)', () => {
    expect(weekOf(new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(weekOf(new Date('2026-03-08T23:59:59.000Z'))).toBe('2026-03-02');
    expect(weekOf(new Date('2026-03-09T00:00:00.000Z'))).toBe('2026-03-09');
  });

  it('averages each week by the same rule, oldest first, keeping the last weeks asked for', () => {
    const sessions = [at('2026-03-10', 0.3, null), at('2026-03-03', 0.2, 60), at('2026-03-04', null, 70), at('2026-02-24', 0.5, 50)];
    expect(weeklyTrend(sessions, 2)).toEqual([
      { week: '2026-03-02', sessions: 2, talkRatio: 0.2, questioningShare: null, scores: scores(65) },
      { week: '2026-03-09', sessions: 1, talkRatio: 0.3, questioningShare: null, scores: scores(null) },
    ]);
    expect(weeklyTrend(sessions, 12).map((w) => w.week)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
    expect(weeklyTrend([], 12)).toEqual([]);
  });
});

describe('rolling means', () => {
  it('averages each figure over the session and those before it in the window, skipping missing values', () => {
    const series = [figures(0.1, 50), figures(0.3, null), figures(0.2, 70), figures(0.4, 90)];
    const rolling = rollingMeans(series, 3);
    expect(rolling.map((r) => r.talkRatio)).toEqual([0.1, 0.2, 0.2, 0.3]);
    expect(rolling.map((r) => r.technical)).toEqual([50, 50, 60, 80]);
    expect(rolling[0]!.praiseShare).toBeNull();
  });
});

describe('comparison verdicts', () => {
  it('marks the highest score best and the lowest worst', () => {
    expect(verdicts('higher', null, [60, 80, 70])).toEqual(['worst', 'best', null]);
  });

  it('marks the lowest best where less is better', () => {
    expect(verdicts('lower', null, [12, 30])).toEqual(['best', 'worst']);
  });

  it('ranks by the distance from the ideal band; every value inside it is as good as any other', () => {
    expect(verdicts('ideal', [0.15, 0.4], [0.3, 0.6, 0.05])).toEqual(['best', 'worst', null]);
    expect(verdicts('ideal', [0.15, 0.4], [0.2, 0.35])).toEqual([null, null]);
  });

  it('marks nothing for a figure without a direction, equal values or a single value', () => {
    expect(verdicts('none', null, [1800, 3600])).toEqual([null, null]);
    expect(verdicts('higher', null, [70, 70])).toEqual([null, null]);
    expect(verdicts('higher', null, [70, null])).toEqual([null, null]);
  });
});
