import { UNCLEAR_SPEECH, type TalkMetricsDto } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { assessSession, sentencesOf, transcriptionSpans, utterancesOf } from './coaching-report';
import { expectedError, isUncertain, loadRubric, parseRubric, RUBRIC_FILE, type Rubric } from './rubric';
import { categoryScores, coachingStyleOf, levelOf, points } from './scoring';
import { readFileSync } from 'node:fs';

const rubric = loadRubric();

const metrics = (overrides: Partial<TalkMetricsDto> = {}): TalkMetricsDto => ({
  durationSeconds: 600,
  talkSeconds: 150,
  talkRatio: 0.25,
  interventions: 20,
  interventionsPerMinute: 2,
  meanInterventionSeconds: 7.5,
  medianInterventionSeconds: 6,
  longestInterventionSeconds: 20,
  longestSilenceSeconds: 90,
  speechRateWpm: null,
  ...overrides,
});

describe('rubric', () => {
  it('loads the product rubric, with a version and every cited source listed', () => {
    expect(rubric.version).toMatch(/\S/);
    expect(Object.keys(rubric.sources).length).toBeGreaterThan(3);
  });

  it('refuses a rubric that cites a source it does not list, or whose levels do not rise', () => {
    const text = readFileSync(RUBRIC_FILE, 'utf8');
    expect(() => parseRubric(text.replace('sources: [smoll1979]', 'sources: [nobody2020]'))).toThrow(/"nobody2020" is cited but not listed/);
    expect(() => parseRubric(text.replace('advanced: 60', 'advanced: 30'))).toThrow(/levels must start at 0 and rise/);
    expect(() => parseRubric(text.replace('weight: 0.6', 'weight: -1'))).toThrow(/weight/);
  });

  it('refuses a comparison direction "ideal" for a figure no indicator gives a band, and a category without guidance', () => {
    const text = readFileSync(RUBRIC_FILE, 'utf8');
    expect(() => parseRubric(text.replace('scoldShare: lower', 'scoldShare: ideal'))).toThrow(/comparison\.directions\.scoldShare is "ideal"/);
    expect(() => parseRubric(text.replace('scoldShare: lower', 'scoldShare: sideways'))).toThrow(/scoldShare/);
    expect(() => parseRubric(text.replace(/    guidance:\n(      - .*\n)+/, ''))).toThrow(/guidance/);
    expect(rubric.comparison.directions.talkRatio).toBe('ideal');
    expect(rubric.categories.communication.guidance.length).toBeGreaterThan(0);
  });
});

describe('scoring', () => {
  it('gives full points inside the ideal band and falls linearly to zero at the outer edges', () => {
    expect(points(0.25, [0.15, 0.4], [0.02, 0.75])).toBe(100);
    expect(points(0.75, [0.15, 0.4], [0.02, 0.75])).toBe(0);
    expect(points(0.575, [0.15, 0.4], [0.02, 0.75])).toBeCloseTo(50);
    expect(points(0.085, [0.15, 0.4], [0.02, 0.75])).toBeCloseTo(50);
    expect(points(5000, [4, 1000], [0, 1000])).toBe(100);
  });

  it('places scores in the levels of the rubric', () => {
    expect([0, 39, 40, 59, 60, 79, 80, 100].map((s) => levelOf(s, rubric))).toEqual([
      'beginner',
      'beginner',
      'intermediate',
      'intermediate',
      'advanced',
      'advanced',
      'expert',
      'expert',
    ]);
  });

  it('calls a coach who talks less than the rubric threshold hands-off', () => {
    expect(coachingStyleOf(metrics({ talkRatio: 0.1 }), rubric)).toBe('Hands-off');
    expect(coachingStyleOf(metrics({ talkRatio: 0.3 }), rubric)).toBe('Balanced');
  });

  it('without a transcript, scores communication and management from talk alone and says why the rest are missing', () => {
    const scores = categoryScores(metrics(), null, rubric);
    expect(scores.map((s) => s.category)).toEqual(['technical', 'tactical', 'communication', 'management', 'engagement']);
    const byCategory = Object.fromEntries(scores.map((s) => [s.category, s]));
    expect(byCategory.communication).toMatchObject({ score: 100, level: 'expert' });
    expect(byCategory.communication!.basis).toMatch(/need a transcript/);
    expect(byCategory.technical).toMatchObject({ score: null, level: null });
    expect(byCategory.technical!.basis).toMatch(/needs a transcript/);
  });

  it('a session spent talking scores lower in communication than one in the ideal band', () => {
    const talkative = categoryScores(metrics({ talkRatio: 0.7, meanInterventionSeconds: 50 }), null, rubric).find((s) => s.category === 'communication')!;
    expect(talkative.score).toBeLessThan(40);
    expect(talkative.level).toBe('beginner');
  });

  it('rewards praise over scolding in engagement, from the coded transcript', () => {
    const spans = Array.from({ length: 10 }, (_, i) => ({ start: i * 60, end: i * 60 + 5 }));
    const warm = assessSession(rubric, metrics(), spans, [
      'Great job Sam',
      'Well done',
      'Pass it wide',
      'Why there?',
      'Brilliant Lucy',
      'Keep the shape',
      'Nice touch',
      'Move into space',
      'Everyone bring the bibs',
      'Good',
    ]);
    const harsh = assessSession(rubric, metrics(), spans, [
      'That was terrible',
      'Rubbish',
      'Pass it wide',
      'Useless',
      'Not listening',
      'Keep the shape',
      'Lazy',
      'Move into space',
      'Everyone bring the bibs',
      'Awful',
    ]);
    const engagement = (a: typeof warm) => a.scores.find((s) => s.category === 'engagement')!.score!;
    expect(engagement(warm)).toBeGreaterThan(engagement(harsh) + 30);
    expect(warm.transcript).toHaveLength(10);
    expect(warm.metrics.speechRateWpm).toBeGreaterThan(0);
  });

  it('leaves spans the recogniser heard nothing in out of the transcript', () => {
    const result = assessSession(
      rubric,
      metrics(),
      [
        { start: 1, end: 2 },
        { start: 5, end: 6 },
      ],
      ['', 'Well done'],
    );
    expect(result.transcript).toEqual([{ start: 5, end: 6, text: 'Well done', codes: ['praise'] }]);
  });

  it('codes utterances, not interventions: every pause-cut segment is one, a long one cut into pieces', () => {
    // Two lines 0.5 s apart are one intervention (the gap is 2 s) but two utterances.
    const segments = [
      { start: 1, end: 3 },
      { start: 3.5, end: 5 },
      { start: 20, end: 80 },
    ];
    expect(utterancesOf(segments)).toEqual([
      { start: 1, end: 3 },
      { start: 3.5, end: 5 },
      { start: 20, end: 50 },
      { start: 50, end: 80 },
    ]);
    expect(
      transcriptionSpans(
        [
          { start: 0.1, end: 3 },
          { start: 98, end: 99.9 },
        ],
        100,
      ),
    ).toEqual([
      { start: 0, end: 3.2 },
      { start: 97.8, end: 100 },
    ]);
  });

  it('cuts a punctuated utterance at its sentence ends, sharing its time by length', () => {
    expect(sentencesOf({ start: 10, end: 14 }, 'Well done. Why did you pass there?')).toEqual([
      { start: 10, end: 11.212, text: 'Well done.' },
      { start: 11.212, end: 14, text: 'Why did you pass there?' },
    ]);
    expect(sentencesOf({ start: 10, end: 14 }, 'well done why did you pass there')).toEqual([{ start: 10, end: 14, text: 'well done why did you pass there' }]);
  });

  it('counts shares over utterances: an intervention of a question and an instruction is half questioning', () => {
    const result = assessSession(rubric, metrics(), [{ start: 1, end: 4 }], ['Why did you pass there? Keep your head up and play it wide.']);
    expect(result.transcript!.map((u) => u.codes)).toEqual([['questioning'], ['instruction']]);
  });

  it("codes a question from the voice when the words miss it, on the utterance's last sentence only", () => {
    const rise = rubric.coding.questioning.final_rise_semitones.value;
    // "you saw the runner" has no question word: the rising end alone makes it a question.
    const rising = assessSession(rubric, metrics(), [{ start: 1, end: 3 }], ['you saw the runner'], [], [rise + 1]);
    expect(rising.transcript!.map((u) => u.codes)).toEqual([['questioning']]);
    const falling = assessSession(rubric, metrics(), [{ start: 1, end: 3 }], ['you saw the runner'], [], [-4]);
    expect(falling.transcript!.map((u) => u.codes)).toEqual([[]]);
    const unmeasured = assessSession(rubric, metrics(), [{ start: 1, end: 3 }], ['you saw the runner'], [], [null]);
    expect(unmeasured.transcript!.map((u) => u.codes)).toEqual([[]]);
    // The voice rose at the end of the utterance: the sentence before is coded from its words.
    const twoSentences = assessSession(rubric, metrics(), [{ start: 1, end: 4 }], ['Keep your head up. You saw the runner.'], [], [rise + 1]);
    expect(twoSentences.transcript!.map((u) => u.codes)).toEqual([['instruction'], ['questioning']]);
  });

  describe('honest confidence', () => {
    const spans = Array.from({ length: 10 }, (_, i) => ({ start: i * 60, end: i * 60 + 5 }));
    // Every utterance praises and names a player.
    const heard = (confidence: number | null) => spans.map(() => ({ text: 'great job sam well done', confidence }));
    const byCategory = (confidence: number | null) =>
      Object.fromEntries(assessSession(rubric, metrics(), spans, heard(confidence)).scores.map((s) => [s.category, s]));
    const minimum = rubric.confidence.min_transcript_confidence.value;

    it('withholds a transcript-only score from a transcript the recogniser was unsure of', () => {
      const unsure = byCategory(minimum - 0.2);
      for (const category of ['technical', 'tactical', 'engagement']) {
        expect(unsure[category], category).toMatchObject({ score: null, level: null, confidence: Math.round((minimum - 0.2) * 100) / 100 });
        const percent = (value: number) => `${Math.round(value * 100)} %`;
        expect(unsure[category]!.basis).toMatch(
          new RegExp(`^${UNCLEAR_SPEECH}: the recogniser's confidence .* was ${percent(minimum - 0.2)}, below the ${percent(minimum)}`),
        );
      }
    });

    it('scores a category with timing indicators from timing alone, and says so', () => {
      const unsure = byCategory(0.1);
      expect(unsure.communication!.score).toBe(categoryScores(metrics(), null, rubric).find((s) => s.category === 'communication')!.score);
      expect(unsure.communication).toMatchObject({
        confidence: null,
        basis: expect.stringMatching(/^From talk time and length of interventions: timing alone\. Without .*share of questions, as the recogniser/),
      });
      expect(unsure.management!.basis).toMatch(/timing alone/);
    });

    it('scores from a transcript the recogniser was sure of, and carries its confidence', () => {
      const sure = byCategory(minimum + 0.2);
      expect(sure.engagement).toMatchObject({ score: expect.any(Number), confidence: Math.round((minimum + 0.2) * 100) / 100 });
      expect(sure.communication!.basis).not.toMatch(/timing alone/);
      // A transcriber that gives no confidence (the http one) is taken at its word, as before.
      expect(byCategory(null).engagement).toMatchObject({ score: sure.engagement!.score, confidence: null });
    });
  });
  describe('utterance by utterance', () => {
    const table = rubric.confidence.expected_error.value;
    const minimum = rubric.confidence.min_transcript_confidence.value;
    const maxShare = rubric.confidence.max_uncertain_share.value;
    /** The rubric as it was before utterances were judged one by one: none is ever expected to be worse than the limit. */
    const ungated: Rubric = { ...rubric, confidence: { ...rubric.confidence, max_utterance_error: { ...rubric.confidence.max_utterance_error, value: 1 } } };
    const grid = Array.from({ length: 101 }, (_, i) => i / 100);
    /** The highest confidence the calibration still reads as too unclear. */
    const unsure = grid.filter((c) => isUncertain(c, rubric)).at(-1)!;
    const spans = Array.from({ length: 10 }, (_, i) => ({ start: i * 60, end: i * 60 + 5 }));
    const lines = [
      'Great job Sam, well done',
      'Why did you pass there?',
      'Move into the space behind the defender',
      'Everyone bring the cones over here',
      'Play it wide and switch the play quickly',
    ];
    const heard = (confidences: (number | null)[]) => confidences.map((confidence, i) => ({ text: lines[i % lines.length]!, confidence }));
    const assess = (confidences: (number | null)[], scoredBy = rubric) => assessSession(scoredBy, metrics(), spans, heard(confidences), ['Sam']);
    const byCategory = (result: ReturnType<typeof assess>) => Object.fromEntries(result.scores.map((s) => [s.category, s]));

    it('maps confidence to expected word error along the calibration, falling as the confidence rises', () => {
      for (const [confidence, error] of table) expect(expectedError(confidence, rubric)).toBeCloseTo(error, 10);
      const [[c0, e0], [c1, e1]] = [table[0]!, table[1]!];
      expect(expectedError((c0 + c1) / 2, rubric)).toBeCloseTo((e0 + e1) / 2, 10);
      expect(expectedError(0, rubric)).toBe(table[0]![1]);
      expect(expectedError(1, rubric)).toBe(table.at(-1)![1]);
      const errors = grid.map((c) => expectedError(c, rubric));
      expect(errors.every((e, i) => i === 0 || e <= errors[i - 1]!)).toBe(true);
      // There is a line: below it utterances are unclear, above it they count; a recogniser that gives none is believed.
      expect(grid.filter((c) => isUncertain(c, rubric)).every((c) => c <= unsure)).toBe(true);
      expect(isUncertain(0.99, rubric)).toBe(false);
      expect(isUncertain(null, rubric)).toBe(false);
    });

    it('refuses a calibration whose expected error rises with the confidence, or whose confidences do not rise', () => {
      const text = readFileSync(RUBRIC_FILE, 'utf8');
      const block = /    value:\n(      - \[.*\]\n)+/.exec(text.slice(text.indexOf('expected_error:')))![0];
      const replace = (points: string) => parseRubric(text.replace(block, `    value:\n${points}`));
      expect(() => replace('      - [0.2, 0.9]\n      - [0.6, 0.3]\n      - [0.9, 0.5]\n')).toThrow(
        /confidence\.expected_error\.value: the expected error must not rise/,
      );
      expect(() => replace('      - [0.6, 0.9]\n      - [0.4, 0.5]\n')).toThrow(/the confidences must rise/);
      expect(() => replace('      - [0.6, 1.4]\n      - [0.9, 0.5]\n')).toThrow(/expected_error/);
      expect(replace('      - [0.2, 0.9]\n      - [0.9, 0.1]\n').confidence.expected_error.value).toEqual([
        [0.2, 0.9],
        [0.9, 0.1],
      ]);
    });

    it('scores an all-confident transcript exactly as before, and marks none of it unclear', () => {
      const sure = Array.from({ length: 10 }, () => 0.97);
      const now = assess(sure);
      expect(now.transcript!.some((u) => u.uncertain)).toBe(false);
      expect(now.scores).toEqual(assess(sure, ungated).scores);
      expect(now.scores.every((s) => s.score !== null)).toBe(true);
    });

    it('withholds the categories resting on the transcript when most utterances are unclear, and says how many', () => {
      const unclear = Math.floor(maxShare * 10) + 1;
      const confidences = Array.from({ length: 10 }, (_, i) => (i < unclear ? unsure : 0.99));
      // The session-wide mean passes the old gate: only the utterances tell this transcript apart.
      expect(assess(confidences).transcriptConfidence).toBeGreaterThan(minimum);
      expect(byCategory(assess(confidences, ungated)).technical!.score).not.toBeNull();

      const result = assess(confidences);
      expect(result.transcript!.filter((u) => u.uncertain)).toHaveLength(unclear);
      expect(result.transcript![0]).toMatchObject({ text: lines[0], uncertain: true });
      expect(result.transcript![9]).not.toHaveProperty('uncertain');
      const scores = byCategory(result);
      const reason = `${unclear} of 10 utterances were too unclear to rely on`;
      for (const category of ['technical', 'tactical', 'engagement']) {
        // Withheld as unclear: with the session's confidence, as the session-wide gate does.
        const confidence = Math.round(result.transcriptConfidence! * 100) / 100;
        expect(scores[category], category).toEqual({ category, score: null, level: null, basis: `${UNCLEAR_SPEECH}: ${reason}.`, confidence });
      }
      const timingOnly = byCategory({ ...result, scores: categoryScores(metrics(), null, rubric) });
      expect(scores.communication).toEqual({
        category: 'communication',
        score: timingOnly.communication!.score,
        level: timingOnly.communication!.level,
        basis: `From talk time and length of interventions: timing alone. Without speech rate and share of questions, as ${reason}.`,
        confidence: null,
      });
      expect(scores.management!.basis).toBe(`From interventions per minute and longest silence: timing alone. Without share of management, as ${reason}.`);
    });

    it('scores every utterance when few are unclear, and says how many were unclear', () => {
      // Four clear praises and five clear organising lines; one unclear line that reads as a scold of Sam.
      const texts = spans.map((_, i) =>
        i === 0
          ? { text: 'That is not good enough, Sam', confidence: unsure }
          : { text: i <= 4 ? 'Great job, well done' : 'Everyone bring the cones over here', confidence: 0.97 },
      );
      const result = assessSession(rubric, metrics(), spans, texts, ['Sam']);
      expect(result.transcript!.filter((u) => u.uncertain)).toHaveLength(1);
      const engagement = byCategory(result).engagement!;
      // The unclear line counts as heard: the same score as without the gate.
      expect(engagement.score).toBe(byCategory(assessSession(ungated, metrics(), spans, texts, ['Sam'])).engagement!.score);
      expect(engagement.basis).toMatch(/ 1 of 10 utterances was unclear, marked in the transcript\.$/);
      expect(result.metrics.speechRateWpm).toBe(assessSession(ungated, metrics(), spans, texts, ['Sam']).metrics.speechRateWpm);
    });

    it('takes utterances without a confidence at their word, as before', () => {
      const none = Array.from({ length: 10 }, () => null);
      const now = assess(none);
      expect(now.transcript!.some((u) => u.uncertain)).toBe(false);
      expect(now.scores).toEqual(assess(none, ungated).scores);
      expect(now.scores.every((s) => s.score !== null && s.confidence === null)).toBe(true);
      // Beside unclear utterances, utterances without a confidence count, and count towards the share that is clear.
      const mixed = assess([unsure, unsure, ...Array.from({ length: 8 }, () => null)]);
      expect(mixed.transcript!.filter((u) => u.uncertain)).toHaveLength(2);
      expect(byCategory(mixed).technical!.score).not.toBeNull();
    });
  });
});
