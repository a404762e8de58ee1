import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { HelpPassage } from '@touchline/shared';
import MiniSearch, { type Options } from 'minisearch';

/** Written by `build-help-index` at build time, next to the compiled module. */
export const HELP_INDEX_FILE = path.join(__dirname, 'help-index.json');

// Words that carry no meaning in a help question ("how do I …"); left out so BM25 ranks on the rest.
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could do does did for from had has have how i i'm if in into is it its me my " +
    'no not of on or our so than that the their them then there these they this to too us was we were what when where ' +
    'which who why will with would you your yours am about after before any all also get got just should'
  ).split(' '),
);

/** The same light stemming for the index and the question: "recording", "recorded", "records" → "record". */
export function helpTerm(term: string): string | null {
  let word = term.toLowerCase().replace(/['’]s$/, '');
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) word = word.slice(0, -1);
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  return word;
}

/** One set of options for building and loading, as MiniSearch requires. BM25+ ranking is MiniSearch's own. */
export const HELP_SEARCH_OPTIONS: Options<HelpPassage> = {
  fields: ['section', 'title', 'text'],
  storeFields: ['kind', 'title', 'section', 'url', 'guide', 'text'],
  processTerm: helpTerm,
  searchOptions: {
    boost: { section: 2.5, title: 1.5 },
    prefix: (term) => term.length > 3,
    fuzzy: (term) => (term.length > 5 ? 0.2 : false),
    combineWith: 'OR',
  },
};

export interface HelpHit extends HelpPassage {
  score: number;
  /** The question's terms this passage matched, and how many meaningful terms the question had. */
  matched: number;
  queryTerms: number;
}

/** The help passages, searchable. Built once at build time; loaded from its JSON when the API starts. */
export class HelpIndex {
  private constructor(private readonly search: MiniSearch<HelpPassage>) {}

  static build(passages: HelpPassage[]): HelpIndex {
    const search = new MiniSearch<HelpPassage>(HELP_SEARCH_OPTIONS);
    search.addAll(passages);
    return new HelpIndex(search);
  }

  static fromJson(json: string): HelpIndex {
    return new HelpIndex(MiniSearch.loadJSON<HelpPassage>(json, HELP_SEARCH_OPTIONS));
  }

  static load(file = HELP_INDEX_FILE): HelpIndex {
    return HelpIndex.fromJson(readFileSync(file, 'utf8'));
  }

  toJson(): string {
    return JSON.stringify(this.search);
  }

  get size(): number {
    return this.search.documentCount;
  }

  /** The best passages for a question, best first. */
  query(question: string, limit = 5): HelpHit[] {
    const terms = new Set(
      (MiniSearch.getDefault('tokenize') as (text: string) => string[])(question)
        .map(helpTerm)
        .filter((t): t is string => Boolean(t)),
    );
    if (terms.size === 0) return [];
    return this.search
      .search(question)
      .slice(0, limit)
      .map((result) => ({
        id: String(result.id),
        kind: result.kind as HelpPassage['kind'],
        title: result.title as string,
        section: result.section as string,
        url: result.url as string,
        guide: result.guide as string,
        text: result.text as string,
        score: result.score,
        matched: new Set(result.queryTerms).size,
        queryTerms: terms.size,
      }));
  }
}
