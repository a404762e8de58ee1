import { readFileSync } from 'node:fs';
import path from 'node:path';
import { UTTERANCE_CODES, type UtteranceCode } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { loadRubric } from './rubric';
import { UtteranceCoder } from './utterance-coding';

interface CodedLine {
  text: string;
  codes: UtteranceCode[];
  rising?: boolean;
}

interface Author {
  persona: string;
  squad: string[];
  lines: CodedLine[];
}

const { authors } = JSON.parse(readFileSync(path.join(__dirname, 'testdata', 'coded-lines.json'), 'utf8')) as { authors: Author[] };
const rubric = loadRubric();

/**
 * Recall and precision of each code over every author's lines, a line said with a rise where the author marked one
 * (`everyRise`: every other line too, ending that many semitones up).
 */
function agreement(everyRise: number | null = null): Record<UtteranceCode, { recall: number; precision: number }> {
  const counts = Object.fromEntries(UTTERANCE_CODES.map((code) => [code, { found: 0, missed: 0, wrong: 0 }]));
  for (const { squad, lines } of authors) {
    const coder = new UtteranceCoder(rubric, squad);
    for (const line of lines) {
      const given = coder.code(line.text, line.rising ? 5 : everyRise).codes;
      for (const code of UTTERANCE_CODES) {
        const count = counts[code]!;
        if (line.codes.includes(code) && given.includes(code)) count.found += 1;
        else if (line.codes.includes(code)) count.missed += 1;
        else if (given.includes(code)) count.wrong += 1;
      }
    }
  }
  return Object.fromEntries(
    Object.entries(counts).map(([code, { found, missed, wrong }]) => [code, { recall: found / (found + missed), precision: found / (found + wrong) }]),
  ) as Record<UtteranceCode, { recall: number; precision: number }>;
}

describe('the coder on lines six authors coded by hand', () => {
  const figures = agreement();

  it('holds 510 lines in the six codes', () => {
    expect(authors.flatMap((a) => a.lines)).toHaveLength(510);
    for (const line of authors.flatMap((a) => a.lines)) expect(UTTERANCE_CODES).toEqual(expect.arrayContaining(line.codes));
  });

  // The figures the coder reached on them (rubric 2026-12.10), to a point or two: a rubric change that loses what
  // the lines taught fails here. They are development lines; docs/analysis-accuracy.md has the held-out figures.
  it.each([
    ['praise', 0.96, 0.96],
    ['instruction', 0.93, 0.9],
    ['questioning', 0.98, 0.85],
    ['scold', 0.8, 0.98],
    ['management', 0.97, 0.95],
    ['first-name', 0.96, 0.98],
  ] as const)('codes %s with recall ≥ %s and precision ≥ %s', (code, recall, precision) => {
    expect(figures[code].recall).toBeGreaterThanOrEqual(recall);
    expect(figures[code].precision).toBeGreaterThanOrEqual(precision);
  });

  // Some coaches' voices rise at the end of statements and calls (uptalk, some English accents). Said so, every
  // line would read as a question from the voice alone; the words keep what they tell, approve or scold.
  it('keeps praise, instruction and scolds when every line ends on a rise', () => {
    const rising = agreement(rubric.coding.questioning.final_rise_semitones.value + 1);
    expect(rising.praise.recall).toBeGreaterThanOrEqual(0.96);
    expect(rising.instruction.recall).toBeGreaterThanOrEqual(0.8);
    expect(rising.scold.recall).toBeGreaterThanOrEqual(0.8);
    expect(rising.management.recall).toBeGreaterThanOrEqual(0.93);
    expect(rising.questioning.precision).toBeGreaterThanOrEqual(0.55);
  });
});
