import type { Segment } from '../speech-segments';

/**
 * Whisper pads every input to 30 s, so one request per short utterance pays a whole 30 s pass each. Consecutive
 * utterances are joined instead, with a little silence between them, into windows that stay under that length,
 * and the recogniser's word times give each utterance its words back.
 */
export const WINDOW_SECONDS = 28;
/** Silence between two utterances in a window: a pause Whisper hears as one, short enough to waste little. */
export const GAP_SECONDS = 0.5;

/** Where one span's audio lies in a joined window, in seconds from the window's start. */
export interface PlacedSpan {
  /** The span's index in the list that was joined. */
  index: number;
  start: number;
  end: number;
}

export interface JoinedWindow {
  spans: PlacedSpan[];
  seconds: number;
}

/** A recognised word with its time in the window and the recogniser's probability for it (0–1). */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
  probability: number;
}

/**
 * Consecutive spans, in order, joined with `gapSeconds` of silence between them into windows of at most
 * `maxSeconds`; a span longer than that goes alone.
 */
export function joinSpans(spans: Segment[], { maxSeconds = WINDOW_SECONDS, gapSeconds = GAP_SECONDS } = {}): JoinedWindow[] {
  const windows: JoinedWindow[] = [];
  let current: JoinedWindow | undefined;
  for (const [index, span] of spans.entries()) {
    const length = Math.max(0, span.end - span.start);
    if (current && current.seconds + gapSeconds + length > maxSeconds) current = undefined;
    if (!current) {
      current = { spans: [], seconds: 0 };
      windows.push(current);
    }
    const start = current.spans.length > 0 ? current.seconds + gapSeconds : 0;
    current.spans.push({ index, start, end: start + length });
    current.seconds = start + length;
  }
  return windows;
}

/**
 * The window's words, per span (in the order of `places`): each word goes to the span its midpoint falls in; one
 * in the silence between two spans goes to the nearer (the boundary is the middle of the gap).
 */
export function assignWords<W extends TimedWord>(words: W[], places: PlacedSpan[]): W[][] {
  const assigned = places.map((): W[] => []);
  if (places.length === 0) return assigned;
  for (const word of words) {
    const middle = (word.start + word.end) / 2;
    let k = 0;
    while (k < places.length - 1 && middle >= (places[k]!.end + places[k + 1]!.start) / 2) k += 1;
    assigned[k]!.push(word);
  }
  return assigned;
}

const key = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Prompt words a run must repeat in order to be an echo, unless it starts where the prompt starts. */
const ECHO_RUN_WORDS = 6;

/**
 * The recognised words without an echo of the prompt. Given the coaching words and the squad as its prompt
 * ("Football coaching. Well done, … Players: James, Sophie, Oliver."), Whisper sometimes answers the prompt itself
 * in place of what was said ("James, Sophie, Oliver, Oliver, Oliver…"). Dropped: an answer that is the prompt;
 * every run of words that repeats the prompt from its first two words, or six of its words or more in its order
 * ("Well done, good pass, brilliant. Switch it"); and every run that merely repeats the prompt's names: a run that
 * starts with "Players" and names someone, one that names a player twice, and three or more names in the prompt's
 * own order. A coach calling one or two players, or several in another order, is kept, as is a coach who says a few
 * of the coaching words ("Well done, good pass").
 */
export function dropPromptEcho<W extends { word: string }>(words: W[], names: string[], prompt: string | null): W[] {
  if (!prompt) return words;
  const said = prompt.split(/\s+/).map(key).filter(Boolean);
  if (words.map((w) => key(w.word)).join('') === said.join('')) return [];
  words = dropRepeatedRuns(words, said);
  if (names.length === 0) return words;
  const order = new Map<string, number>();
  for (const [i, name] of names.entries()) if (!order.has(key(name))) order.set(key(name), i);
  order.delete('');
  const kept: W[] = [];
  let i = 0;
  while (i < words.length) {
    const first = key(words[i]!.word);
    let j = i;
    while (j < words.length && (order.has(key(words[j]!.word)) || (j === i && first === 'players'))) j += 1;
    if (j === i) {
      kept.push(words[i]!);
      i += 1;
      continue;
    }
    const run = words.slice(i, j).map((w) => key(w.word));
    const named = run.filter((k) => k !== 'players');
    const positions = named.map((k) => order.get(k)!);
    const echo =
      (run[0] === 'players' && named.length > 0) ||
      new Set(positions).size < positions.length ||
      (positions.length >= 3 && positions.every((p, n) => n === 0 || p === positions[n - 1]! + 1));
    if (!echo) kept.push(...words.slice(i, j));
    i = j;
  }
  return kept;
}

/** `words` without each run that repeats `said` (the prompt's words) from its start, or ECHO_RUN_WORDS of it in order. */
function dropRepeatedRuns<W extends { word: string }>(words: W[], said: string[]): W[] {
  const kept: W[] = [];
  let i = 0;
  while (i < words.length) {
    // How many of the words from i repeat the prompt from its word k.
    const repeated = (k: number) => {
      let n = 0;
      while (i + n < words.length && k + n < said.length && key(words[i + n]!.word) === said[k + n]) n += 1;
      return n;
    };
    const fromStart = repeated(0);
    const longest = Math.max(...said.map((_, k) => repeated(k)));
    const echo = longest >= ECHO_RUN_WORDS ? longest : fromStart >= 2 ? fromStart : 0;
    if (echo > 0) {
      i += echo;
    } else {
      kept.push(words[i]!);
      i += 1;
    }
  }
  return kept;
}
