import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { SESSION_FIGURES, SKILL_CATEGORIES, SKILL_LEVELS, type SessionFigure, type SkillCategory, type SkillLevel } from '@touchline/shared';
import { parse } from 'yaml';
import { z } from 'zod';

/** The rubric file: every threshold, weight and cue of the analysis, with its reasoning and sources. */
export const RUBRIC_FILE = path.resolve(__dirname, '../../../rubric/coaching-rubric.yaml');

/** What an indicator can measure; `scoring.ts` computes each from the metrics and the coded transcript. */
export const INDICATOR_METRICS = [
  'talk_ratio',
  'mean_intervention_seconds',
  'interventions_per_minute',
  'longest_silence_minutes',
  'speech_rate_wpm',
  'technical_cues_per_10_min',
  'tactical_cues_per_10_min',
  'instruction_share',
  'questioning_share',
  'praise_share',
  'management_share',
  'first_name_share',
  'praise_to_scold',
] as const;
export type IndicatorMetric = (typeof INDICATOR_METRICS)[number];

const reasoned = { why: z.string().min(20), sources: z.array(z.string()) };
const band = z.tuple([z.number(), z.number()]).refine(([low, high]) => low <= high, 'a band runs from low to high');
const phrases = z.array(z.string().min(1)).min(1);
/** What the Development dashboard suggests for a category when it is the coach's weakest. */
const guidance = z.array(z.string().min(20)).min(1);

/** The talk figures the Compare dashboard ranks; the rubric says which way each gets better (scores: higher). */
export const COMPARED_FIGURES = SESSION_FIGURES.filter((f): f is Exclude<SessionFigure, SkillCategory> => !(SKILL_CATEGORIES as readonly string[]).includes(f));
type CompareFigure = (typeof COMPARED_FIGURES)[number];
const DIRECTIONS = z.enum(['higher', 'lower', 'ideal', 'none']);

/** The indicator whose ideal band a figure is ranked by when its direction is `ideal`. */
export const FIGURE_INDICATOR: Partial<Record<CompareFigure, IndicatorMetric>> = {
  talkRatio: 'talk_ratio',
  interventionsPerMinute: 'interventions_per_minute',
  meanInterventionSeconds: 'mean_intervention_seconds',
  questioningShare: 'questioning_share',
  instructionShare: 'instruction_share',
  praiseShare: 'praise_share',
};

/**
 * The calibration of the recogniser's confidence: [confidence, expected word error rate] points, confidences rising,
 * the expected error never rising with them; `expectedError` reads between the points along straight lines.
 */
const calibration = z
  .array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]))
  .min(2)
  .refine((table) => table.every(([confidence], i) => i === 0 || confidence > table[i - 1]![0]), 'the confidences must rise from point to point')
  .refine((table) => table.every(([, error], i) => i === 0 || error <= table[i - 1]![1]), 'the expected error must not rise with the confidence (monotone)');

const indicator = z
  .object({
    metric: z.enum(INDICATOR_METRICS),
    weight: z.number().positive(),
    ideal: band,
    outer: band,
    needs_transcript: z.boolean(),
    ...reasoned,
  })
  .refine((i) => i.outer[0] <= i.ideal[0] && i.ideal[1] <= i.outer[1], 'the ideal band must lie inside the outer band');

const schema = z.object({
  version: z.string().min(1),
  sources: z.record(z.string(), z.string().min(10)),
  segmentation: z.object({ intervention_gap_seconds: z.object({ value: z.number().positive(), ...reasoned }) }),
  confidence: z.object({
    min_transcript_confidence: z.object({ value: z.number().gt(0).lt(1), ...reasoned }),
    expected_error: z.object({ value: calibration, ...reasoned }),
    max_utterance_error: z.object({ value: z.number().gt(0).max(1), ...reasoned }),
    max_uncertain_share: z.object({ value: z.number().min(0).lt(1), ...reasoned }),
  }),
  style: z.object({ hands_off_max_talk_ratio: z.object({ value: z.number().gt(0).lt(1), ...reasoned }) }),
  levels: z.object({
    value: z.object(Object.fromEntries(SKILL_LEVELS.map((level) => [level, z.number().min(0).max(100)])) as Record<SkillLevel, z.ZodNumber>),
    ...reasoned,
  }),
  categories: z.object(
    Object.fromEntries(SKILL_CATEGORIES.map((category) => [category, z.object({ indicators: z.array(indicator).min(1), guidance })])) as Record<
      SkillCategory,
      z.ZodObject<{ indicators: z.ZodArray<typeof indicator>; guidance: typeof guidance }>
    >,
  ),
  comparison: z.object({
    directions: z.object(Object.fromEntries(COMPARED_FIGURES.map((figure) => [figure, DIRECTIONS])) as Record<CompareFigure, typeof DIRECTIONS>),
    ...reasoned,
  }),
  coding: z.object({
    ...reasoned,
    questioning: z.object({
      openers: phrases,
      conjunctions: phrases,
      exclamations: phrases,
      phrases,
      checks: phrases,
      as_statements: phrases,
      final_rise_semitones: z.object({ value: z.number().positive(), ...reasoned }),
    }),
    praise: z.object({ phrases, alone: phrases, describing: phrases }),
    scold: z.object({ phrases }),
    management: z.object({ phrases, people: phrases }),
    instruction: z.object({
      phrases,
      alone: phrases,
      clause_openers: phrases,
      noun_markers: phrases,
      subjects: phrases,
      noun_before: phrases,
      fillers: phrases,
    }),
    technical_cues: z.object({ phrases }),
    tactical_cues: z.object({ phrases }),
    negators: phrases,
    to_coach: phrases,
  }),
});

export type Rubric = z.infer<typeof schema>;
export type Indicator = z.infer<typeof indicator>;

export class RubricError extends Error {
  override readonly name = 'RubricError';
}

/** Parses and checks a rubric: shapes, bands, ascending levels, and that every cited source is listed. */
export function parseRubric(text: string, origin = 'rubric'): Rubric {
  const parsed = schema.safeParse(parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new RubricError(`${origin}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const rubric = parsed.data;
  const levels = SKILL_LEVELS.map((level) => rubric.levels.value[level]);
  if (levels[0] !== 0 || levels.some((low, i) => i > 0 && low <= levels[i - 1]!)) {
    throw new RubricError(`${origin}: levels must start at 0 and rise from ${SKILL_LEVELS[0]} to ${SKILL_LEVELS.at(-1)}`);
  }
  const cited = [
    ...rubric.segmentation.intervention_gap_seconds.sources,
    ...rubric.style.hands_off_max_talk_ratio.sources,
    ...rubric.confidence.min_transcript_confidence.sources,
    ...rubric.confidence.expected_error.sources,
    ...rubric.confidence.max_utterance_error.sources,
    ...rubric.confidence.max_uncertain_share.sources,
    ...rubric.levels.sources,
    ...rubric.coding.sources,
    ...rubric.coding.questioning.final_rise_semitones.sources,
    ...rubric.comparison.sources,
    ...SKILL_CATEGORIES.flatMap((category) => rubric.categories[category].indicators.flatMap((i) => i.sources)),
  ];
  const unknown = cited.find((key) => !(key in rubric.sources));
  if (unknown) throw new RubricError(`${origin}: the source "${unknown}" is cited but not listed under sources`);
  const unbanded = COMPARED_FIGURES.find((figure) => rubric.comparison.directions[figure] === 'ideal' && !idealBand(rubric, figure));
  if (unbanded) throw new RubricError(`${origin}: comparison.directions.${unbanded} is "ideal" but no indicator gives it an ideal band`);
  return rubric;
}

/** The ideal band of the first indicator that measures a figure, in the figure's unit; null when none does. */
export function idealBand(rubric: Rubric, figure: CompareFigure): [number, number] | null {
  const metric = FIGURE_INDICATOR[figure];
  const found = SKILL_CATEGORIES.flatMap((category) => rubric.categories[category].indicators).find((i) => i.metric === metric);
  return found ? [found.ideal[0], found.ideal[1]] : null;
}

/**
 * The word error rate the rubric's calibration expects of an utterance the recogniser gave this confidence (its mean
 * word probability): read along straight lines between the table's points, and held level beyond its ends.
 */
export function expectedError(confidence: number, rubric: Pick<Rubric, 'confidence'>): number {
  const table = rubric.confidence.expected_error.value;
  const first = table[0]!;
  const last = table.at(-1)!;
  if (confidence <= first[0]) return first[1];
  if (confidence >= last[0]) return last[1];
  const upper = table.findIndex(([c]) => c >= confidence);
  const [c0, e0] = table[upper - 1]!;
  const [c1, e1] = table[upper]!;
  return e0 + ((e1 - e0) * (confidence - c0)) / (c1 - c0);
}

/**
 * Whether an utterance is too unclear to count as evidence: the error its confidence leads the calibration to
 * expect is above the rubric's limit. An utterance without a confidence (a recogniser that gives none) is taken at
 * its word.
 */
export function isUncertain(confidence: number | null, rubric: Pick<Rubric, 'confidence'>): boolean {
  return confidence !== null && expectedError(confidence, rubric) > rubric.confidence.max_utterance_error.value;
}

/** Reads and checks a rubric file, the product's own by default. */
export function loadRubric(file = RUBRIC_FILE): Rubric {
  return parseRubric(readFileSync(file, 'utf8'), file);
}

/** The rubric the analysis module reads once, at start (a broken rubric stops the start with its reason). */
export const RUBRIC = Symbol('RUBRIC');
