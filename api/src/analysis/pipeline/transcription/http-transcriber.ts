import { bearer } from '../../../common';
import type { Segment } from '../speech-segments';
import { eachConcurrently } from './each-concurrently';
import { dropPromptEcho } from './joined-windows';
import { wavOfSpan } from './pcm';
import { TranscriptionError, type Recognised, type TranscribeOptions, type Transcriber } from './transcriber';

export interface HttpTranscriberOptions {
  /** The service's base URL; requests go to `${url}/v1/audio/transcriptions`. */
  url: string;
  apiKey?: string;
  model: string;
  language: string;
  timeoutMs?: number;
}

/** Requests in flight at once: enough to hide latency, few enough not to swamp a club's own server. */
const CONCURRENCY = 2;

/** The longest squad prompt: about 110 tokens of names. */
const PROMPT_MAX_CHARACTERS = 400;

/**
 * A club-hosted speech-to-text service with the OpenAI-compatible `POST /v1/audio/transcriptions`
 * (faster-whisper-server, LocalAI, whisper.cpp's server, vLLM …). Each span goes as its own WAV file.
 */
export class HttpTranscriber implements Transcriber {
  readonly name = 'http';

  constructor(private readonly options: HttpTranscriberOptions) {}

  /**
   * The OpenAI-compatible answer carries no word confidence: the results have none. The coaching words and the
   * vocabulary go as the request's `prompt`, which Whisper models read as preceding text and so spell those names as
   * given; an answer that echoes the prompt is dropped as Whisper's own transcriber drops it (`dropPromptEcho`).
   */
  async transcribe(pcmFile: string, spans: Segment[], { onProgress, vocabulary = [] }: TranscribeOptions = {}): Promise<Recognised[]> {
    const texts: Recognised[] = spans.map(() => ({ text: '', confidence: null }));
    const { prompt, names } = vocabularyPrompt(vocabulary);
    let done = 0;
    await eachConcurrently(spans, CONCURRENCY, async (span, index) => {
      const text = withoutEcho(await this.request(await wavOfSpan(pcmFile, span), prompt), names, prompt);
      texts[index] = { text, confidence: null };
      done += 1;
      await onProgress?.(done / spans.length);
    });
    return texts;
  }

  private async request(wav: Buffer, prompt: string | null): Promise<string> {
    const body = (await postTranscription(this.options, wav, { response_format: 'json', prompt })) as { text?: unknown } | null;
    if (typeof body?.text !== 'string') throw unavailable('the answer has no "text"');
    return body.text.trim();
  }
}

/** What the coach reads when the service fails; the detail goes to the log. */
export const unavailable = (detail: string) => new TranscriptionError('The transcription service did not answer. Please try again later.', detail);

/**
 * One `POST ${url}/v1/audio/transcriptions` with the WAV as `file`, the model, the language and the given
 * fields (null ones left out, arrays as repeated fields); the parsed JSON answer, or a TranscriptionError.
 */
export async function postTranscription(service: HttpTranscriberOptions, wav: Buffer, fields: Record<string, string | string[] | null>): Promise<unknown> {
  const form = new FormData();
  form.append('file', new Blob([wav], { type: 'audio/wav' }), 'speech.wav');
  form.append('model', service.model);
  form.append('language', service.language);
  for (const [name, value] of Object.entries(fields)) for (const v of value === null ? [] : [value].flat()) form.append(name, v);
  let response: Response;
  try {
    response = await fetch(`${service.url}/v1/audio/transcriptions`, {
      method: 'POST',
      body: form,
      headers: bearer(service.apiKey),
      signal: AbortSignal.timeout(service.timeoutMs ?? 120_000),
    });
  } catch (error) {
    throw unavailable(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw unavailable(`${response.status} ${(await response.text()).slice(0, 300)}`);
  return response.json().catch(() => null);
}

/**
 * What a coaching session sounds like, given to Whisper before the squad's names. Whisper reads its prompt as the
 * text said before the audio, so it hears the words of a session as a session's words: "Great press" rather than
 * "Brate press", "Well done" rather than "Weldon". The commonest words of coaching (the rubric's praise words and
 * calls); measured in docs/analysis-accuracy.md ("The coaching prompt").
 */
export const COACHING_PROMPT = 'Football coaching. Well done, good pass, brilliant. Switch it, man on, find space, first touch.';

/**
 * The prompt (the coaching words, then the squad's names) and the names it carries. Whisper reads at most 224
 * prompt tokens and keeps the last ones, so the list stops before it would run past about half of that (a name is
 * one to three tokens): the squad's names, in order, until the prompt would grow too long.
 */
export function vocabularyPrompt(vocabulary: string[]): { prompt: string; names: string[] } {
  const names: string[] = [];
  let length = 0;
  for (const name of vocabulary) {
    if (length + name.length + 2 > PROMPT_MAX_CHARACTERS) break;
    names.push(name);
    length += name.length + 2;
  }
  return { prompt: names.length ? `${COACHING_PROMPT} Players: ${names.join(', ')}.` : COACHING_PROMPT, names };
}

/** The service's text without an echo of the prompt (`dropPromptEcho`, word by word). */
function withoutEcho(text: string, names: string[], prompt: string): string {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ word }));
  return dropPromptEcho(words, names, prompt)
    .map(({ word }) => word)
    .join(' ');
}
