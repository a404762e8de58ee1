import type { Segment } from '../speech-segments';
import { postTranscription, unavailable, vocabularyPrompt } from './http-transcriber';
import { assignWords, dropPromptEcho, joinSpans, type PlacedSpan, type TimedWord } from './joined-windows';
import { pcmBytes, pcmOfSpan, wavOfPcm } from './pcm';
import type { Recognised, TranscribeOptions, Transcriber } from './transcriber';

/** Windows in flight at once: the sidecar's default number of passes at once (TOUCHLINE_WHISPER_WORKERS). */
const WINDOWS_AT_ONCE = 2;

export interface WhisperTranscriberOptions {
  /** The sidecar's base URL (infra/transcribers/server.py, or any OpenAI-compatible service that answers word times). */
  url: string;
  /** Sent as a Bearer token when set: a club's own service (a larger Whisper on other hardware) may want one; the sidecar ignores it. */
  apiKey?: string;
  model: string;
  language: string;
  timeoutMs?: number;
}

/**
 * Whisper base on the machine itself, behind the OpenAI-compatible sidecar (`TRANSCRIBER=whisper`). Consecutive
 * spans go joined into windows of up to 28 s, one Whisper pass each instead of one per span, asked for word times
 * (`verbose_json`, `timestamp_granularities[]=word`); each span gets back the words that fall in its place, and as
 * its confidence their mean probability. Two windows go at once, as the sidecar runs two passes at once (its
 * workers); a sidecar with fewer queues the second.
 * Spans Whisper skipped in a window it otherwise heard are sent once more, joined among themselves.
 */
export class WhisperTranscriber implements Transcriber {
  readonly name = 'whisper';

  constructor(private readonly options: WhisperTranscriberOptions) {}

  async transcribe(pcmFile: string, spans: Segment[], { onProgress, vocabulary = [] }: TranscribeOptions = {}): Promise<Recognised[]> {
    const results: Recognised[] = spans.map(() => ({ text: '', confidence: null }));
    const { prompt, names } = vocabularyPrompt(vocabulary);
    /** Transcribes the spans at these indexes, joined; answers the indexes that got no words in a window where others did. */
    const pass = async (indexes: number[], progress: (spans: number) => Promise<void>) => {
      const missed: number[] = [];
      const windows = joinSpans(indexes.map((i) => spans[i]!));
      let next = 0;
      const sendWindows = async () => {
        for (let window = windows[next++]; window; window = windows[next++]) {
          const places = window.spans.map((place) => ({ ...place, index: indexes[place.index]! }));
          const answer = await postTranscription({ ...this.options, timeoutMs: this.options.timeoutMs ?? 300_000 }, await joinedWav(pcmFile, spans, places), {
            response_format: 'verbose_json',
            'timestamp_granularities[]': 'word',
            prompt,
          });
          const heard = assignWords(dropPromptEcho(wordsOf(answer), names, prompt), places);
          for (const [k, words] of heard.entries()) if (words.length > 0) results[places[k]!.index] = recognisedOf(words);
          if (heard.some((words) => words.length > 0)) missed.push(...places.filter((_, k) => heard[k]!.length === 0).map((p) => p.index));
          await progress(places.length);
        }
      };
      await Promise.all(Array.from({ length: Math.min(WINDOWS_AT_ONCE, windows.length) }, sendWindows));
      return missed.sort((a, b) => a - b);
    };
    let done = 0;
    const missed = await pass(
      spans.map((_, i) => i),
      async (n) => {
        done += n;
        await onProgress?.(done / spans.length);
      },
    );
    // Whisper sometimes stops before a window's end (seen after a line said twice in one window) and drops the
    // spans after that point. Those spans go once more, joined among themselves: a new context, a new chance.
    if (missed.length > 0) await pass(missed, async () => undefined);
    return results;
  }
}

/** The window's audio: each span at its place, silence between. */
async function joinedWav(pcmFile: string, spans: Segment[], places: PlacedSpan[]): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let bytes = 0;
  for (const place of places) {
    // Padded to the place's start, so that rounding at each span's edges never shifts the later ones.
    const gap = pcmBytes(place.start) - bytes;
    if (gap > 0) pieces.push(Buffer.alloc(gap));
    const pcm = await pcmOfSpan(pcmFile, spans[place.index]!);
    pieces.push(pcm);
    bytes += Math.max(0, gap) + pcm.length;
  }
  return wavOfPcm(Buffer.concat(pieces));
}

/** The words of a `verbose_json` answer with word times (a lone punctuation mark is none); a TranscriptionError when it has none. */
export function wordsOf(answer: unknown): TimedWord[] {
  const words = (answer as { words?: unknown } | null)?.words;
  if (!Array.isArray(words)) throw unavailable('the answer has no "words": the service must answer timestamp_granularities[]=word');
  return words.flatMap((w: Partial<Record<keyof TimedWord, unknown>>) =>
    typeof w?.word === 'string' && typeof w.start === 'number' && typeof w.end === 'number' && /[\p{L}\p{N}]/u.test(w.word)
      ? [{ word: w.word.trim(), start: w.start, end: w.end, probability: typeof w.probability === 'number' ? w.probability : NaN }]
      : [],
  );
}

/** A span's text from its words, and their mean probability as its confidence (null without words or probabilities). */
export function recognisedOf(words: TimedWord[]): Recognised {
  const rated = words.filter((w) => Number.isFinite(w.probability));
  return {
    text: words.map((w) => w.word).join(' '),
    confidence: rated.length > 0 ? rated.reduce((sum, w) => sum + w.probability, 0) / rated.length : null,
  };
}
