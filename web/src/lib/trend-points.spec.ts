import { describe, expect, it } from 'vitest';
import { formatShortDay } from './format';
import { trendPoints } from './trend-points';

const scores = { technical: 70, tactical: null, communication: 55.5, management: 80, engagement: 64 };

describe('trend points', () => {
  it('puts the talk ratio on the scores’ 0–100 scale and keeps missing scores missing', () => {
    const [point] = trendPoints([
      { sessionId: 's1', title: 'Tuesday drills', date: '2026-03-12T18:30:00.000Z', talkRatio: 0.374, coachingStyle: 'Balanced', scores },
    ]);
    expect(point).toMatchObject({ sessionId: 's1', title: 'Tuesday drills', talkRatio: 37, technical: 70, tactical: null, communication: 55.5 });
    expect(point!.label).toBe(formatShortDay('2026-03-12T18:30:00.000Z'));
  });

  it('keeps the order of the trend (oldest first)', () => {
    const entry = (sessionId: string, date: string) => ({ sessionId, title: sessionId, date, talkRatio: 0.5, coachingStyle: 'Hands-off' as const, scores });
    expect(trendPoints([entry('a', '2026-01-01'), entry('b', '2026-02-01')]).map((p) => p.sessionId)).toEqual(['a', 'b']);
  });
});
