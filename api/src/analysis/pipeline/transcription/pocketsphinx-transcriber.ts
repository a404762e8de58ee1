import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Segment } from '../speech-segments';
import { eachConcurrently } from './each-concurrently';
import { TranscriptionError, type Recognised, type TranscribeOptions, type Transcriber } from './transcriber';

/** Spans per pocketsphinx run at most: the model loads once per run, and progress is stored between runs. */
const SPANS_PER_RUN = 25;
/** Recogniser processes at once: the cores there are, up to four. */
const PARALLEL_RUNS = Math.max(1, Math.min(4, availableParallelism()));
/** pocketsphinx counts in frames of 10 ms. */
const FRAMES_PER_SECOND = 100;

export interface PocketsphinxOptions {
  /** `pocketsphinx_batch` (Debian package `pocketsphinx`). */
  command: string;
  /** The acoustic model, language model and dictionary (Debian package `pocketsphinx-en-us`). */
  modelDir: string;
}

/**
 * Offline speech recognition with CMU pocketsphinx, run as `pocketsphinx_batch` over the session's PCM: a
 * control file lists the spans, so the recogniser reads only the coach's speech.
 */
export class PocketsphinxTranscriber implements Transcriber {
  readonly name = 'pocketsphinx';

  constructor(private readonly options: PocketsphinxOptions) {}

  /**
   * The vocabulary is not used: a name reaches the transcript only when the generic en-us language model knows it.
   * The coding still finds the squad's names in what the recogniser wrote.
   */
  async transcribe(pcmFile: string, spans: Segment[], { onProgress }: TranscribeOptions = {}): Promise<Recognised[]> {
    const texts: Recognised[] = spans.map(() => ({ text: '', confidence: null }));
    let done = 0;
    // The recogniser is single-threaded: one run per core (up to PARALLEL_RUNS) works through the batches.
    await eachConcurrently(batchesOf(spans.length, SPANS_PER_RUN, PARALLEL_RUNS), PARALLEL_RUNS, async ({ first, count }) => {
      const batch = spans.slice(first, first + count);
      (await this.run(pcmFile, batch)).forEach((text, i) => (texts[first + i] = text));
      done += batch.length;
      await onProgress?.(done / spans.length);
    });
    return texts;
  }

  private async run(pcmFile: string, spans: Segment[]): Promise<Recognised[]> {
    const work = await mkdtemp(path.join(tmpdir(), 'touchline-asr-'));
    try {
      const dir = path.dirname(pcmFile);
      const ext = path.extname(pcmFile);
      const base = path.basename(pcmFile, ext);
      const ctl = path.join(work, 'spans.ctl');
      const hyp = path.join(work, 'spans.hyp');
      const ctm = path.join(work, 'spans.ctm');
      await writeFile(ctl, spans.map((s, i) => `${base} ${Math.floor(s.start * FRAMES_PER_SECOND)} ${Math.ceil(s.end * FRAMES_PER_SECOND)} u${i}\n`).join(''));
      await this.spawn(pocketsphinxArguments({ dir, ext, ctl, hyp, ctm }, this.options.modelDir));
      const texts = parseHypotheses(await readFile(hyp, 'utf8'), spans.length);
      const confidences = parseWordConfidences(await readFile(ctm, 'utf8'), spans.length);
      return texts.map((text, i) => ({ text, confidence: text ? confidences[i]! : null }));
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private spawn(args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      const failed = (detail: string) => reject(new TranscriptionError('The speech recogniser failed on this recording.', detail));
      child.on('error', (error) => failed(error.message));
      child.on('close', (code, signal) => (code === 0 ? resolve() : failed(`pocketsphinx_batch exited with ${signal ?? code}: ${stderr.trim()}`)));
    });
  }
}

/**
 * The consecutive batches of `count` spans: as few runs of at most `perRun` spans as there can be, rounded up to
 * whole rounds of `parallel` runs (never more runs than spans), and evenly sized, so every core is busy until the
 * last round ends instead of one core finishing a short last batch alone.
 */
export function batchesOf(count: number, perRun: number, parallel: number): { first: number; count: number }[] {
  if (count <= 0) return [];
  const rounds = Math.ceil(count / (perRun * parallel));
  const runs = Math.min(count, Math.max(Math.ceil(count / perRun), rounds * parallel));
  return Array.from({ length: runs }, (_, i) => {
    const first = Math.floor((i * count) / runs);
    return { first, count: Math.floor(((i + 1) * count) / runs) - first };
  });
}

/**
 * Decoder settings beside the defaults of Debian's pocketsphinx 0.8+5prealpha, chosen for speed at the same
 * accuracy on the generated accuracy sessions (docs/analysis-accuracy.md, "Speed").
 */
// prettier-ignore
export const DECODER_SETTINGS: readonly string[] = [
  // No second, flat-lexicon pass: it cost about a quarter of the recogniser's work for 0.7 points of word error
  // rate. The word lattice for the best path and the word posteriors (-ctm) comes from the first pass.
  '-fwdflat', 'no',
  // At most 3000 active HMMs a frame (30000 by default): the search is most of the work, and a quarter of what is
  // left goes, at the same word error rate. The thinner lattice gives posteriors about 0.05 higher, so the rubric's
  // minimum transcript confidence moved with it (0.5 to 0.55).
  '-maxhmmpf', '3000',
];

/** The `pocketsphinx_batch` command line for one run over the spans of a control file. */
export function pocketsphinxArguments(files: { dir: string; ext: string; ctl: string; hyp: string; ctm: string }, modelDir: string): string[] {
  // prettier-ignore
  return [
    '-adcin', 'yes', '-cepdir', files.dir, '-cepext', files.ext, '-ctl', files.ctl, '-hyp', files.hyp, '-ctm', files.ctm, '-logfn', '/dev/null',
    '-hmm', path.join(modelDir, 'en-us'), '-lm', path.join(modelDir, 'en-us.lm.bin'), '-dict', path.join(modelDir, 'cmudict-en-us.dict'),
    ...DECODER_SETTINGS,
  ];
}

/** `text (u3 -1234)` per line, in control-file order; a span the recogniser skipped stays empty. */
export function parseHypotheses(output: string, count: number): string[] {
  const texts = Array.from({ length: count }, () => '');
  for (const line of output.split('\n')) {
    const match = /^(.*?)\s*\(u(\d+)(?:\s+-?\d+)?\)\s*$/.exec(line);
    if (!match) continue;
    const index = Number(match[2]);
    if (index < count) texts[index] = match[1]!.replace(/\(\d+\)/g, '').trim();
  }
  return texts;
}

/**
 * The mean posterior probability of each span's words, from the recogniser's CTM output
 * (`u3 1 <start> <duration> <word> <posterior>` per word, fillers and silences marked `<…>` or `[…]`,
 * alternative pronunciations as `word(2)`); null for a span without words.
 */
export function parseWordConfidences(output: string, count: number): (number | null)[] {
  const sums = Array.from({ length: count }, () => ({ total: 0, words: 0 }));
  for (const line of output.split('\n')) {
    const match = /^u(\d+)\s+\S+\s+[\d.]+\s+[\d.]+\s+(\S+)\s+([\d.]+)\s*$/.exec(line.trim());
    if (!match) continue;
    const index = Number(match[1]);
    const word = match[2]!;
    if (index >= count || /^[<[]/.test(word) || /^\+\+.*\+\+$/.test(word)) continue;
    sums[index]!.total += Number(match[3]);
    sums[index]!.words += 1;
  }
  return sums.map(({ total, words }) => (words ? total / words : null));
}
