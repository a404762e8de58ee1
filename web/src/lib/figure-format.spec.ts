import { describe, expect, it } from 'vitest';
import { chartValue, describeGoal, formatFigure, targetFromApi, targetToApi } from './figure-format';

describe('figure format', () => {
  it('writes each figure in its unit, a missing one as a dash', () => {
    expect(formatFigure('questioningShare', 0.153)).toBe('15.3%');
    expect(formatFigure('longestInterventionSeconds', 20)).toBe('20.0 s');
    expect(formatFigure('interventionsPerMinute', 1.234)).toBe('1.23/min');
    expect(formatFigure('communication', 71.26)).toBe('71.3');
    expect(formatFigure('praiseShare', null)).toBe('—');
  });

  it('writes a length the one way the report writes it: seconds under a minute, a clock from a minute', () => {
    expect(formatFigure('longestSilenceSeconds', 57.4)).toBe('57.4 s');
    expect(formatFigure('durationSeconds', 600)).toBe('10:00');
    expect(formatFigure('longestSilenceSeconds', 62)).toBe('1:02');
    expect(formatFigure('durationSeconds', 3723)).toBe('1:02:03');
  });

  it('turns a typed percent into the API share and back, and describes a goal', () => {
    expect(targetToApi('questioningShare', 15)).toBe(0.15);
    expect(targetFromApi('questioningShare', 0.15)).toBe(15);
    expect(targetToApi('longestInterventionSeconds', 20)).toBe(20);
    expect(chartValue('talkRatio', 0.2345)).toBe(23.5);
    expect(describeGoal({ figure: 'questioningShare', comparison: 'atLeast', target: 0.15 })).toBe('Questioning ≥ 15%');
    expect(describeGoal({ figure: 'longestInterventionSeconds', comparison: 'atMost', target: 20 })).toBe('Longest intervention ≤ 20.0 s');
  });
});
