import { describe, expect, it } from 'vitest';
import { closeness, goalProgress, meetsGoal } from './goal-evaluation';

const atLeast = { comparison: 'atLeast' as const, target: 0.15 };
const atMost = { comparison: 'atMost' as const, target: 20 };

describe('goal evaluation', () => {
  it('meets an "at least" goal at or above the target and an "at most" goal at or below it', () => {
    expect(meetsGoal(atLeast, 0.15)).toBe(true);
    expect(meetsGoal(atLeast, 0.2)).toBe(true);
    expect(meetsGoal(atLeast, 0.149)).toBe(false);
    expect(meetsGoal(atMost, 20)).toBe(true);
    expect(meetsGoal(atMost, 12.5)).toBe(true);
    expect(meetsGoal(atMost, 20.1)).toBe(false);
  });

  it('leaves a session without the figure unevaluated', () => {
    expect(meetsGoal(atLeast, null)).toBeNull();
  });

  it('says how close a value comes to the target', () => {
    expect(closeness(atLeast, 0.075)).toBe(0.5);
    expect(closeness(atLeast, 0.3)).toBe(1);
    expect(closeness(atMost, 40)).toBe(0.5);
    expect(closeness(atMost, 5)).toBe(1);
    expect(closeness({ comparison: 'atMost', target: 0 }, 10)).toBe(0);
  });

  it('decides by the latest session with the figure and counts the sessions since the goal was set', () => {
    const goal = { ...atMost, targetDate: '2026-12-31', createdAt: new Date('2026-11-10T00:00:00Z') };
    const sessions = [
      { date: new Date('2026-11-01T10:00:00Z'), value: 15 },
      { date: new Date('2026-11-12T10:00:00Z'), value: 30 },
      { date: new Date('2026-11-14T10:00:00Z'), value: 18 },
      { date: new Date('2026-11-16T10:00:00Z'), value: null },
    ];
    expect(goalProgress(goal, sessions, '2026-11-20')).toEqual({
      status: 'met',
      latest: 18,
      fraction: 1,
      metSinceSet: 1,
      evaluatedSinceSet: 2,
      overdue: false,
    });
    expect(goalProgress(goal, sessions.slice(0, 2), '2026-11-20')).toMatchObject({ status: 'not-met', latest: 30, fraction: 0.667, overdue: false });
    expect(goalProgress(goal, sessions.slice(0, 2), '2027-01-01')).toMatchObject({ status: 'not-met', overdue: true });
    expect(goalProgress(goal, [], '2027-01-01')).toEqual({
      status: 'no-data',
      latest: null,
      fraction: null,
      metSinceSet: 0,
      evaluatedSinceSet: 0,
      overdue: true,
    });
  });
});
