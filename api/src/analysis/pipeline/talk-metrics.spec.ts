import { describe, expect, it } from 'vitest';
import { interventionsOf, talkMetrics } from './talk-metrics';

const GAP = 2;

describe('talk metrics', () => {
  it('measures talk time, interventions and silences of a known timeline', () => {
    // 60 s: speech 5–10, 11–14 (one intervention: 1 s pause), 30–40, and 50–52.
    const segments = [
      { start: 5, end: 10 },
      { start: 11, end: 14 },
      { start: 30, end: 40 },
      { start: 50, end: 52 },
    ];
    expect(talkMetrics(segments, 60, GAP)).toEqual({
      durationSeconds: 60,
      talkSeconds: 20,
      talkRatio: 0.3333,
      interventions: 3,
      interventionsPerMinute: 3,
      meanInterventionSeconds: 7,
      medianInterventionSeconds: 9,
      longestInterventionSeconds: 10,
      longestSilenceSeconds: 16,
      speechRateWpm: null,
    });
  });

  it('joins speech across pauses shorter than the gap only', () => {
    expect(
      interventionsOf(
        [
          { start: 0, end: 1 },
          { start: 2.5, end: 3 },
        ],
        2,
      ),
    ).toEqual([{ start: 0, end: 3 }]);
    expect(
      interventionsOf(
        [
          { start: 0, end: 1 },
          { start: 3.5, end: 4 },
        ],
        2,
      ),
    ).toHaveLength(2);
  });

  it('answers zeros, not NaN, for silence and for an empty recording', () => {
    expect(talkMetrics([], 30, GAP)).toMatchObject({
      talkRatio: 0,
      interventions: 0,
      meanInterventionSeconds: 0,
      medianInterventionSeconds: 0,
      longestSilenceSeconds: 30,
    });
    expect(talkMetrics([], 0, GAP)).toMatchObject({ talkRatio: 0, interventionsPerMinute: 0 });
  });

  it('counts overlapping segments once', () => {
    expect(
      talkMetrics(
        [
          { start: 0, end: 10 },
          { start: 5, end: 15 },
        ],
        20,
        GAP,
      ).talkSeconds,
    ).toBe(15);
  });
});
