import { UTTERANCE_CODES, type UtteranceCode } from '@touchline/shared';
import type { Rubric } from './rubric';

/** One utterance's codes, and the cues and words the category scores count. */
export interface UtteranceCoding {
  codes: UtteranceCode[];
  technicalCues: number;
  tacticalCues: number;
  words: number;
}

/** Lower-case words; apostrophes inside words are kept ("don't"), every other mark is dropped. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^a-z0-9']+/g, ' ')
    .split(' ')
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Where the phrase occurs in `words` as whole words: the index of each occurrence. */
function occurrences(words: string[], phrase: string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (phrase.every((word, j) => words[i + j] === word)) found.push(i);
  }
  return found;
}

/**
 * Codes utterances with the rubric's cues. Phrases are matched longest first and each word counts once, so
 * "not good enough" is a scold and not also praise, and "great job" is one praise.
 */
export class UtteranceCoder {
  private readonly lists: Record<'questioningPhrases' | 'praise' | 'scold' | 'management' | 'instruction' | 'technical' | 'tactical', string[][]>;
  private readonly openers: string[][];
  private readonly negators: Set<string>;
  private readonly firstNames: Set<string>;
  private readonly finalRise: number;

  /** `squad`: the coach's players' first names, the only names "first-name" is given for. */
  constructor(rubric: Rubric, squad: readonly string[] = []) {
    const prepare = (list: string[]) =>
      list
        .map(wordsOf)
        .filter((p) => p.length > 0)
        .sort((a, b) => b.length - a.length);
    const c = rubric.coding;
    this.lists = {
      questioningPhrases: prepare(c.questioning.phrases),
      praise: prepare(c.praise.phrases),
      scold: prepare(c.scold.phrases),
      management: prepare(c.management.phrases),
      instruction: prepare(c.instruction.phrases),
      technical: prepare(c.technical_cues.phrases),
      tactical: prepare(c.tactical_cues.phrases),
    };
    this.openers = prepare(c.questioning.openers);
    this.negators = new Set(c.negators.map((n) => n.toLowerCase()));
    this.firstNames = new Set(squad.flatMap(wordsOf));
    this.finalRise = c.questioning.final_rise_semitones.value;
  }

  /**
   * `rise`: how far the utterance's pitch ends above its own level, in semitones (null: not measured); a rise of
   * the rubric's `final_rise_semitones` makes it a question whatever its words.
   */
  code(text: string, rise: number | null = null): UtteranceCoding {
    const words = wordsOf(text);
    const codes = new Set<UtteranceCode>();
    // Scold before praise, so that a scolding phrase takes its words ("not good enough") first.
    const scold = this.matches(words, this.lists.scold);
    const praise = this.matches(words, this.lists.praise, scold.used).positions.filter((i) => !this.negated(words, i));
    if (scold.positions.length) codes.add('scold');
    if (praise.length) codes.add('praise');

    const question =
      this.risesLikeAQuestion(rise) ||
      /\?\s*$/.test(text) ||
      this.openers.some((opener) => occurrences(words, opener).includes(0)) ||
      this.matches(words, this.lists.questioningPhrases).positions.length > 0;
    if (question) codes.add('questioning');
    if (this.matches(words, this.lists.management).positions.length) codes.add('management');
    const technicalCues = this.matches(words, this.lists.technical).positions.length;
    const tacticalCues = this.matches(words, this.lists.tactical).positions.length;
    // An instruction tells a player what to do: an imperative, technical or tactical cue outside a question.
    if (!question && (this.matches(words, this.lists.instruction).positions.length || technicalCues + tacticalCues > 0)) codes.add('instruction');
    if (words.some((word) => this.firstNames.has(word))) codes.add('first-name');
    return { codes: UTTERANCE_CODES.filter((code) => codes.has(code)), technicalCues, tacticalCues, words: words.length };
  }

  /** Whether the voice alone says question: the pitch ends high (see `pipeline/prosody.ts`). */
  risesLikeAQuestion(rise: number | null): boolean {
    return rise !== null && rise >= this.finalRise;
  }

  private negated(words: string[], index: number): boolean {
    return [words[index - 1], words[index - 2]].some((word) => word !== undefined && this.negators.has(word));
  }

  /** Matches phrases longest first; a word belongs to at most one match. */
  private matches(words: string[], phrases: string[][], taken = new Set<number>()): { positions: number[]; used: Set<number> } {
    const used = new Set(taken);
    const positions: number[] = [];
    for (const phrase of phrases) {
      for (const start of occurrences(words, phrase)) {
        const span = phrase.map((_, j) => start + j);
        if (span.some((i) => used.has(i))) continue;
        span.forEach((i) => used.add(i));
        positions.push(start);
      }
    }
    return { positions, used };
  }
}
