import { SESSION_FIGURES, type SessionFigures } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { rollingMeans, verdicts } from './figures';

const figures = (talkRatio: number | null, technical: number | null): SessionFigures =>
  ({ ...Object.fromEntries(SESSION_FIGURES.map((f) => [f, null])), talkRatio, technical }) as SessionFigures;

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
