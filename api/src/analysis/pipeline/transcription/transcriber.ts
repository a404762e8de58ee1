import type { TranscriberName } from '@touchline/shared';
import type { Segment } from '../speech-segments';

/**
 * What the recogniser heard in one span, and how sure it was: the mean posterior probability of its words
 * (0–1), null when the recogniser does not say.
 */
export interface Recognised {
  text: string;
  confidence: number | null;
}

export interface TranscribeOptions {
  /** The share done (0–1), as spans finish. */
  onProgress?: (done: number) => Promise<void>;
  /** Words the session is likely to contain that a general model may miss: the squad's first names. */
  vocabulary?: string[];
  /**
   * Told `true` when the transcription has to wait for its recogniser (Whisper still being installed), and `false`
   * once the recogniser is chosen; never told when there is no wait. A wait that runs out fails the transcription
   * (retryable) without `false`: the analysis is tried again and waits again.
   */
  onWaiting?: (waiting: boolean) => Promise<void>;
}

/**
 * Which recogniser transcribes, as far as it is known now: still being installed (what is happening), chosen,
 * or chosen in place of Whisper, which cannot be had here (`missing`: why; `install`: what a club installs).
 */
export type Readiness =
  { pending: string } | { transcriber: Transcriber; missing: null } | { transcriber: Transcriber | null; missing: string; install: string };

/** Turns stretches of a session's audio into text. The audio is 16 kHz mono signed 16-bit little-endian PCM. */
export interface Transcriber {
  readonly name: Exclude<TranscriberName, 'none'>;
  /** One result per span, in order (empty text when nothing was recognised). */
  transcribe(pcmFile: string, spans: Segment[], options?: TranscribeOptions): Promise<Recognised[]>;
  /** For the default (`auto`), which recogniser it is now, without waiting; a transcriber without it is always itself. */
  readiness?(): Promise<Readiness>;
}

/** The transcriber the analysis uses; null when it runs without one (`TRANSCRIBER=none`). */
export const TRANSCRIBER = Symbol('TRANSCRIBER');

/**
 * A transcription that could not be done (the service is down, the recogniser crashed). The job is retried;
 * the message is what the coach reads if the last attempt fails too.
 */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}
