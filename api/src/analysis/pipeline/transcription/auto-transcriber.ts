import { readFile } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { bearer } from '../../../common';
import type { Segment } from '../speech-segments';
import { TranscriptionError, type Readiness, type Recognised, type TranscribeOptions, type Transcriber } from './transcriber';

/**
 * Where the Whisper sidecar stands: being installed or started (what is happening, for the coach and the demo's
 * visitors; and, when it names what only the club's admin should read, such as the service's address, `log` for the
 * log), answering at an address, or not to be had on this machine (why, and what a club installs to get it).
 */
export type WhisperState =
  { state: 'installing' | 'starting'; detail: string; log?: string } | { state: 'ready'; url: string } | { state: 'unavailable'; reason: string };

/** Reads the sidecar's state now. */
export type WhisperStateSource = () => Promise<WhisperState>;

/** What the launcher writes (infra/lib/whisper.mjs, `writeState`): the state, and its own process id. */
interface StateFile {
  state?: unknown;
  detail?: unknown;
  url?: unknown;
  reason?: unknown;
  pid?: unknown;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The state file `npm start` keeps (TRANSCRIBER_STATE_FILE): rewritten whole as the install goes on, so a read
 * sees one state or the next. A file whose launcher has ended says nothing any more: its sidecar ended with it.
 */
export function stateFileSource(file: string): WhisperStateSource {
  return async () => {
    let parsed: StateFile;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8')) as StateFile;
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      return { state: 'unavailable', reason: missing ? `nothing has installed the Whisper transcriber (no ${file})` : `${file} cannot be read` };
    }
    if (typeof parsed.pid === 'number' && !alive(parsed.pid)) {
      return { state: 'unavailable', reason: `the process that ran the Whisper transcriber (${parsed.pid}) has ended` };
    }
    const text = (value: unknown, otherwise: string) => (typeof value === 'string' && value ? value : otherwise);
    switch (parsed.state) {
      case 'ready':
        if (typeof parsed.url === 'string' && /^https?:\/\//.test(parsed.url)) return { state: 'ready', url: parsed.url.replace(/\/+$/, '') };
        return { state: 'unavailable', reason: `${file} says ready without an address` };
      case 'installing':
      case 'starting':
        return { state: parsed.state, detail: text(parsed.detail, parsed.state) };
      default:
        return { state: 'unavailable', reason: text(parsed.reason, 'the Whisper transcriber could not be installed') };
    }
  };
}

/**
 * A fixed address (WHISPER_URL): ready once its `/health` answers, starting until then (a container loading the
 * model). `apiKey`, when set, goes with the check as a Bearer token, as it goes with each transcription: a club's
 * own service behind a key answers its health only to it. The address, and a refused key, are for the log alone.
 */
export function healthSource(url: string, apiKey?: string): WhisperStateSource {
  return async () => {
    const status = await fetch(`${url}/health`, {
      headers: bearer(apiKey),
      signal: AbortSignal.timeout(2000),
    }).then(
      (r) => r.status,
      () => null,
    );
    if (status !== null && status >= 200 && status < 300) return { state: 'ready', url };
    const refused = status === 401 || status === 403 ? ` (it answers ${status}: check TRANSCRIBER_API_KEY)` : '';
    return { state: 'starting', detail: 'starting', log: `waiting for ${url}/health to answer${refused}` };
  };
}

export interface AutoTranscriberOptions {
  source: WhisperStateSource;
  /** The Whisper transcriber at the sidecar's address. */
  whisper: (url: string) => Transcriber;
  /** What transcribes when Whisper cannot be had: pocketsphinx, or null when it is not installed either. */
  fallback: Transcriber | null;
  /** What the fallback lacks, when it is null (pocketsphinx's install hint). */
  fallbackMissing?: string;
  /** What a club installs to have Whisper. */
  install: string;
  /** How long one analysis waits for a sidecar still being installed or started. */
  waitMs: number;
  pollMs?: number;
}

/** Who transcribes, once it is known: Whisper, or the fallback and why Whisper could not be had. */
export type Decision = { transcriber: Transcriber; whisperMissing: null } | { transcriber: Transcriber | null; whisperMissing: string };

/**
 * `TRANSCRIBER=auto`: Whisper whenever it can be had, the fallback (pocketsphinx) only when it cannot. An
 * analysis that starts while the sidecar is still being installed waits for it (up to `waitMs`; then it fails
 * as retryable, saying so, and the job is tried again) rather than being transcribed by the weaker recogniser.
 * The choice is made once, when the sidecar is ready or known to be unavailable, and holds for the process's
 * life: every analysis records the recogniser that transcribed it (`name`, read after `transcribe`).
 */
export class AutoTranscriber implements Transcriber {
  private readonly logger = new Logger('Transcriber');
  private decision: Decision | null = null;
  private waiting: Promise<Decision | null> | null = null;

  constructor(private readonly options: AutoTranscriberOptions) {}

  /** The chosen recogniser's name; `whisper` until the choice is made (what it will be unless Whisper fails to install). */
  get name(): Transcriber['name'] {
    return this.decision?.transcriber?.name ?? 'whisper';
  }

  /** The choice if it is made, else where the sidecar stands now. */
  async readiness(): Promise<Readiness> {
    const decided = this.decision ?? (await this.check());
    if (!decided) return { pending: this.pending.detail };
    return decided.whisperMissing === null
      ? { transcriber: decided.transcriber, missing: null }
      : { transcriber: decided.transcriber, missing: decided.whisperMissing, install: this.options.install };
  }

  /** Where the sidecar stood when last read, while it is installed or started. */
  private pending: { detail: string; log?: string } = { detail: 'being installed' };

  /** Reads the source once; decides when it says ready or unavailable. */
  private async check(): Promise<Decision | null> {
    if (this.decision) return this.decision;
    const now = await this.options.source();
    if (now.state === 'ready') {
      this.decision = { transcriber: this.options.whisper(now.url), whisperMissing: null };
      this.logger.log(`transcriber: whisper (the sidecar at ${now.url})`);
    } else if (now.state === 'unavailable') {
      this.decision = { transcriber: this.options.fallback, whisperMissing: now.reason };
      const by = this.options.fallback ? `${this.options.fallback.name}` : `nothing (${this.options.fallbackMissing ?? 'no recogniser installed'})`;
      this.logger.warn(`sessions are transcribed by ${by}: Whisper cannot be had here (${now.reason})`);
    } else {
      this.pending = now;
    }
    return this.decision;
  }

  /**
   * The recogniser to use, waiting while the sidecar is installed or started (telling `onWaiting` when the wait
   * starts and when the choice is made); a retryable TranscriptionError that says so when it is still not ready
   * after `waitMs`, without telling `onWaiting` the wait is over: the job waits again when it is tried again.
   */
  async decide(waitMs = this.options.waitMs, onWaiting?: (waiting: boolean) => Promise<void>): Promise<Decision> {
    const deadline = Date.now() + waitMs;
    let told = false;
    for (;;) {
      // One read at a time, shared by every analysis that waits.
      this.waiting ??= this.check().finally(() => (this.waiting = null));
      const decided = await this.waiting;
      if (decided) {
        if (told) await onWaiting?.(false);
        return decided;
      }
      if (!told) {
        this.logger.log(`an analysis waits for the Whisper transcriber (${this.pending.log ?? this.pending.detail})`);
        told = true;
        await onWaiting?.(true);
      }
      if (Date.now() >= deadline) {
        throw new TranscriptionError(
          `The speech recogniser (Whisper) is still being installed on this server (${this.pending.detail}). The analysis will be tried again; if it was the last try, please try again in a few minutes.`,
          `the Whisper transcriber was not ready within ${Math.round(waitMs / 1000)} s: ${this.pending.log ?? this.pending.detail}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(this.options.pollMs ?? 1000, Math.max(0, deadline - Date.now()))));
    }
  }

  async transcribe(pcmFile: string, spans: Segment[], options?: TranscribeOptions): Promise<Recognised[]> {
    const { transcriber, whisperMissing } = await this.decide(this.options.waitMs, options?.onWaiting);
    if (!transcriber) {
      const why = `${whisperMissing}; ${this.options.fallbackMissing ?? 'no other recogniser is installed'}`;
      throw new TranscriptionError(`No speech recogniser can run on this server: ${why}.`, why);
    }
    return transcriber.transcribe(pcmFile, spans, options);
  }
}
