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

/** Contractions a recogniser writes either way ("that's", "that is"), matched in their long form. */
const CONTRACTIONS: Readonly<Record<string, string>> = {
  "that's": 'that is',
  "it's": 'it is',
  "what's": 'what is',
  "where's": 'where is',
  "who's": 'who is',
  "there's": 'there is',
  "here's": 'here is',
  "he's": 'he is',
  "she's": 'she is',
  "i'm": 'i am',
  "you're": 'you are',
  "we're": 'we are',
  "they're": 'they are',
  "let's": 'let us',
  "can't": 'can not',
  cannot: 'can not',
  "won't": 'will not',
};

/** The words in their long form: "that's" as "that is", "didn't" as "did not". A possessive ("Ruby's") stays. */
function expanded(words: string[]): string[] {
  return words.flatMap((word) => {
    const long = CONTRACTIONS[word] ?? (word.endsWith("n't") ? `${word.slice(0, -3)} not` : word);
    return long.split(' ');
  });
}

/** The utterance's clauses (cut at commas and sentence marks), each as its words in their long form. */
function clausesOf(text: string): string[][] {
  return text
    .split(/[,;:.!?\u2013\u2014]+/)
    .map((clause) => expanded(wordsOf(clause)))
    .filter((words) => words.length > 0);
}

/** Whether the phrase stands in `words` as whole words from index `at`. */
const standsAt = (words: string[], phrase: string[], at: number) => phrase.every((word, j) => words[at + j] === word);

/** Where the phrase occurs in `words` as whole words: the index of each occurrence. */
function occurrences(words: string[], phrase: string[]): number[] {
  const found: number[] = [];
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (standsAt(words, phrase, i)) found.push(i);
  }
  return found;
}

/**
 * Codes utterances with the rubric's cues. Phrases are matched longest first and each word counts once, so
 * "not good enough" is a scold and not also praise, and "great job" is one praise.
 */
export class UtteranceCoder {
  private readonly lists: Record<
    'questioningPhrases' | 'praise' | 'describing' | 'scold' | 'management' | 'people' | 'instruction' | 'technical' | 'tactical',
    string[][]
  >;
  private readonly openers: string[][];
  private readonly conjunctions: string[][];
  private readonly exclamations: string[][];
  private readonly clauseOpeners: string[][];
  private readonly fillers: string[][];
  private readonly nounMarkers: Set<string>;
  private readonly subjects: Set<string>;
  private readonly nounBefore: Set<string>;
  /** Cheers said alone ("yes", "get in"), each as its words joined by spaces. */
  private readonly cheers: Set<string>;
  private readonly calls: Set<string>;
  /** Words that only address someone: "everyone", "lads", "team". */
  private readonly vocatives: Set<string>;
  private readonly negators: Set<string>;
  private readonly firstNames: Set<string>;
  private readonly finalRise: number;
  /** Words that end a statement as a check ("..., yeah?"): with a rise or a question mark, it asks. */
  private readonly checks: Set<string>;
  /** How a question said as a statement opens ("happy with", "so you think"). */
  private readonly statementQuestions: string[][];
  /** Words a player calls the coach by; an utterance that addresses the coach is a player's. */
  private readonly coach: Set<string>;

  /** `squad`: the coach's players' first names, the only names "first-name" is given for. */
  constructor(rubric: Rubric, squad: readonly string[] = []) {
    const prepare = (list: string[]) =>
      list
        .map((phrase) => expanded(wordsOf(phrase)))
        .filter((p) => p.length > 0)
        .sort((a, b) => b.length - a.length);
    const c = rubric.coding;
    this.lists = {
      questioningPhrases: prepare(c.questioning.phrases),
      praise: prepare(c.praise.phrases),
      describing: prepare(c.praise.describing),
      scold: prepare(c.scold.phrases),
      management: prepare(c.management.phrases),
      people: prepare(c.management.people),
      instruction: prepare(c.instruction.phrases),
      technical: prepare(c.technical_cues.phrases),
      tactical: prepare(c.tactical_cues.phrases),
    };
    this.openers = prepare(c.questioning.openers);
    this.conjunctions = prepare(c.questioning.conjunctions);
    this.exclamations = prepare(c.questioning.exclamations);
    this.clauseOpeners = prepare(c.instruction.clause_openers);
    this.fillers = prepare(c.instruction.fillers);
    this.nounMarkers = new Set(c.instruction.noun_markers.map((m) => m.toLowerCase()));
    this.subjects = new Set(c.instruction.subjects.map((m) => m.toLowerCase()));
    this.nounBefore = new Set(c.instruction.noun_before.map((m) => m.toLowerCase()));
    this.cheers = new Set(c.praise.alone.map((m) => expanded(wordsOf(m)).join(' ')));
    this.calls = new Set(c.instruction.alone.map((m) => m.toLowerCase()));
    this.vocatives = new Set([...this.fillers, ...this.lists.people].filter((phrase) => phrase.length === 1).map(([word]) => word!));
    // In the long form a negator is its last word: "don't" is "do not".
    this.negators = new Set(c.negators.map((n) => expanded(wordsOf(n)).at(-1)!));
    this.firstNames = new Set(squad.flatMap(wordsOf));
    this.finalRise = c.questioning.final_rise_semitones.value;
    this.checks = new Set(c.questioning.checks.map((word) => word.toLowerCase()));
    this.statementQuestions = prepare(c.questioning.as_statements);
    this.coach = new Set(c.to_coach.map((word) => word.toLowerCase()));
  }

  /**
   * `rise`: how far the utterance's pitch ends above its own level, in semitones (null: not measured); a rise of
   * the rubric's `final_rise_semitones` makes it a question unless its words tell, organise, approve or scold.
   */
  code(text: string, rise: number | null = null): UtteranceCoding {
    const clauses = clausesOf(text);
    const words = clauses.flat();
    const clauseStarts: number[] = [];
    for (let i = 0, at = 0; i < clauses.length; at += clauses[i]!.length, i += 1) clauseStarts.push(at);
    const clauseOf = (index: number) => clauseStarts.findLastIndex((start) => start <= index);
    const codes = new Set<UtteranceCode>();
    // Words that address the coach ("Coach, can I go in goal?", "Sorry gaffer") are a player's, not the coach's.
    if (this.addressesTheCoach(clauses)) return { codes: [], technicalCues: 0, tacticalCues: 0, words: wordsOf(text).length };
    // Scold before praise, so that a scolding phrase takes its words ("not good enough") first.
    const scold = this.matches(words, this.lists.scold);
    // Organising takes its words before praise does: "Tidy up" organises, "Tidy" praises.
    const management = this.matches(words, this.lists.management, scold.used);
    const praiseMatch = this.matches(words, this.lists.praise, management.used);
    const describing = this.matches(words, this.lists.describing, praiseMatch.used);
    const feedbackWords = new Set([...praiseMatch.used, ...describing.used]);
    // An exclamation said with a question mark ("How good was that?") admires; it does not ask.
    const exclaimsFirst = this.exclamations.some((phrase) => standsAt(words, phrase, 0));
    // A rise or a question mark asks when the words say nothing else, end on a check ("..., yeah?") or open as a
    // question said as a statement ("Happy with that?"). Words that tell, organise, approve or scold keep what they
    // say under a rise ("Drop back and cover the middle", "Grab a bib", "Top effort from everyone today?"): a coach's
    // voice lifts at the end of a call as often as of a question.
    const marked = this.risesLikeAQuestion(rise) || (/\?\s*$/.test(text) && !exclaimsFirst);
    const checks = clauses.length > 1 && (clauses.at(-1) ?? []).every((word) => this.checks.has(word));
    const statesAQuestion = clauses.some((clause) => this.asksAsAStatement(clause));
    const saysOtherwise =
      scold.positions.length > 0 ||
      management.positions.length > 0 ||
      [...praiseMatch.positions, ...describing.positions].some((i) => !this.negated(words, i)) ||
      this.saysAlone(words, this.cheers) ||
      this.saysAlone(words, this.calls) ||
      clauses.some((clause, i) => this.cheersIn(clause) || this.opensWithInstruction(clause, clauseStarts[i]!, feedbackWords, { organising: true }));
    // The clause that asks is the last that is more than a name or "everyone" ("Happy with that pattern, everyone?").
    let askingClause = clauses.length - 1;
    while (askingClause > 0 && clauses[askingClause]!.every((word) => this.vocatives.has(word) || this.isName(word))) askingClause -= 1;
    // Marked, a later clause that opens as a question asks after praise ("Lovely, how did you see that?").
    const opensAsking = this.openers.some((phrase) => standsAt(clauses[askingClause] ?? [], phrase, 0));
    const asks = this.asksInWords(words, clauses.length) || (marked && (checks || statesAQuestion || opensAsking || !saysOtherwise));
    const asking = asks ? (clauseStarts[askingClause] ?? 0) : words.length;
    // Asking while scolding ("What was that supposed to be?") is a scold, not a question.
    const question = asks && !scold.positions.some((i) => i >= asking);
    // Approval in the clause that asks is what the player is asked about ("Were you happy with that run?") when the
    // words or the voice ask; a question mark alone leaves it praise (Whisper writes "Top effort from everyone today?").
    const asksAbout = asks && (this.risesLikeAQuestion(rise) || this.asksAsAStatement(clauses[askingClause] ?? []) || opensAsking);
    const approvalEnds = asksAbout ? asking : words.length;
    const praise = praiseMatch.positions.filter((i) => !this.negated(words, i) && i < approvalEnds);
    // A word that describes how it was done ("Composed finish", "That is sharp") praises unless its clause tells
    // someone to be so ("Stay composed") or the utterance asks; its words are feedback, not instruction verbs.
    const described = describing.positions.filter((i) => !this.negated(words, i) && i < approvalEnds);
    const feedbackClauses = new Set([...praise, ...described].map(clauseOf));
    // An exclamation that opens a clause ("What a save!") admires what was done, unless the utterance scolds or what
    // it exclaims over organises the session ("What a break", as a recogniser hears "Water break").
    const exclaims = scold.positions.length === 0 && clauses.some((clause) => this.admires(clause));
    if (scold.positions.length) codes.add('scold');
    if (question) codes.add('questioning');

    const technicalCues = this.matches(words, this.lists.technical).positions.length;
    const tacticalCues = this.matches(words, this.lists.tactical).positions.length;
    const organises = management.positions.length > 0;
    // An instruction tells a player what to do: a call said alone ("Time!"), an instruction verb where it is a verb
    // and not in a clause of praise ("Good decision to play it early"), a clause opened by one (unless the utterance
    // organises and names nothing of the game: "Keepers, go with Dylan to the other goal"), or a technical or
    // tactical cue that is neither feedback on what was done ("great finish") nor setting up ("subs rotate") —
    // never in a question.
    const verbs = this.matches(words, this.lists.instruction, feedbackWords).positions.filter(
      (i) => !this.isNoun(words, i, clauseStarts, feedbackWords) && !feedbackClauses.has(clauseOf(i)),
    );
    const openers = clauses.map((clause, i) => !this.cheersIn(clause) && this.opensWithInstruction(clause, clauseStarts[i]!, feedbackWords));
    const opened = openers.some(Boolean);
    const tells = this.saysAlone(words, this.calls) || verbs.length > 0 || (opened && !(organises && technicalCues + tacticalCues === 0));
    const cheers = !question && (this.saysAlone(words, this.cheers) || clauses.some((clause) => this.cheersIn(clause)));
    // A describing word praises where its own clause does not tell someone to be so ("Clinical, Dylan. Keeper didn't
    // even move." praises; "Stay composed" tells).
    const telling = new Set([...verbs.map(clauseOf), ...openers.flatMap((opens, i) => (opens ? [i] : []))]);
    const describes = !question && described.some((i) => !telling.has(clauseOf(i)));
    const praises = praise.length > 0 || exclaims || cheers || describes;
    if (praises) codes.add('praise');
    const feedback = praises || scold.positions.length > 0;
    if (!question && (tells || (!feedback && !organises && technicalCues + tacticalCues > 0))) codes.add('instruction');
    // "Everyone", "group": who is organised, and only in an utterance that neither gives feedback nor asks
    // ("Top effort from everyone" praises; "Everyone on the line" organises).
    if (organises || (!feedback && !question && this.matches(words, this.lists.people).positions.length > 0)) codes.add('management');
    if (words.some((word) => this.isName(word))) codes.add('first-name');
    return { codes: UTTERANCE_CODES.filter((code) => codes.has(code)), technicalCues, tacticalCues, words: wordsOf(text).length };
  }

  /**
   * Whether a clause addresses the coach: a word for the coach ("coach", "gaffer") opening the utterance, or at the
   * start or end of a clause of two words or fewer ("Sorry gaffer", "Thanks, coach").
   */
  private addressesTheCoach(clauses: string[][]): boolean {
    if (this.coach.has(clauses[0]?.[0] ?? '')) return true;
    return clauses.some((clause) => clause.length <= 2 && (this.coach.has(clause[0]!) || this.coach.has(clause.at(-1)!)));
  }

  /**
   * Whether the clause opens (after players' names and "everyone") as a question said as a statement: "Happy with
   * that?", "So you think the winger was free?". It asks only with a rise or a question mark.
   */
  private asksAsAStatement(clause: string[]): boolean {
    let at = 0;
    while (this.isName(clause[at] ?? '') || this.lists.people.some((phrase) => phrase.length === 1 && standsAt(clause, phrase, at))) at += 1;
    return this.statementQuestions.some((phrase) => standsAt(clause, phrase, at));
  }

  /** Whether the word is a player's first name, or one with "'s" ("Ravi's nailed it", "Evie's on fire"). */
  private isName(word: string): boolean {
    return this.firstNames.has(word) || (word.endsWith("'s") && this.firstNames.has(word.slice(0, -2)));
  }

  /** Whether the clause is a cheer of more than one word and perhaps a name ("Get in, Kieran"). */
  private cheersIn(clause: string[]): boolean {
    const said = clause.filter((word) => !this.isName(word)).join(' ');
    return said.includes(' ') && this.cheers.has(said);
  }

  /** Whether the words are only these (and players' names): "Yes, Thabo!", "Time!". */
  private saysAlone(words: string[], these: Set<string>): boolean {
    return words.some((word) => these.has(word)) && words.every((word) => these.has(word) || this.isName(word));
  }

  /** Whether the clause opens with an exclamation over something done, not over a management cue ("what a break"). */
  private admires(clause: string[]): boolean {
    return this.exclamations.some((phrase) => standsAt(clause, phrase, 0) && !this.lists.management.some((cue) => standsAt(clause, cue, phrase.length)));
  }

  /**
   * Whether the words ask: a question phrase, or an opener at the start — unless it starts an exclamation ("What a
   * ball!") or joins a statement's clauses ("When we win it, go forward.") and no question mark says otherwise.
   */
  private asksInWords(words: string[], clauseCount: number): boolean {
    if (this.matches(words, this.lists.questioningPhrases).positions.length > 0) return true;
    const startsWith = (list: string[][]) => list.some((phrase) => standsAt(words, phrase, 0));
    if (!startsWith(this.openers) || startsWith(this.exclamations)) return false;
    return !(clauseCount > 1 && startsWith(this.conjunctions));
  }

  /**
   * An instruction verb after an article, a possessive or a describing word of its clause (a praise or scold word
   * among them: "superb press") or before "had", "was" ("Pass had perfect weight") is a noun; after its subject ("we
   * keep gifting them the ball") it says what is done.
   */
  private isNoun(words: string[], index: number, clauseStarts: number[], feedbackWords: Set<number>): boolean {
    if (this.nounBefore.has(words[index + 1] ?? '')) return true;
    if (index === 0 || clauseStarts.includes(index)) return false;
    const before = words[index - 1]!;
    return this.nounMarkers.has(before) || this.subjects.has(before) || feedbackWords.has(index - 1);
  }

  /**
   * Whether the clause opens (after fillers such as "now", "okay" or a player's name) with a verb that tells someone
   * what to do, and is not organising the session (a management cue after the verb: "get a drink"; with
   * `organising`, one that does counts: it tells too). A verb a praise or scold phrase has taken ("keep it up") is
   * not one.
   */
  private opensWithInstruction(clause: string[], start: number, feedbackWords: Set<number>, { organising = false } = {}): boolean {
    let at = 0;
    for (;;) {
      const filler = this.fillers.find((phrase) => standsAt(clause, phrase, at));
      if (filler) at += filler.length;
      else if (this.isName(clause[at] ?? '')) at += 1;
      else break;
    }
    const opener = this.clauseOpeners.find((phrase) => standsAt(clause, phrase, at));
    if (feedbackWords.has(start + at) || !opener) return false;
    // "Pass had perfect weight on it": the opener is the clause's subject.
    if (this.nounBefore.has(clause[at + opener.length] ?? '')) return false;
    return organising || this.matches(clause.slice(at), this.lists.management).positions.length === 0;
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
