import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { CategoryScoreDto, ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import {
  analyseRecording,
  buildReport,
  DEMO_VIEW,
  TRANSCRIBER,
  type Transcriber,
  RUBRIC,
  type Rubric,
  type SharedAnalysis,
  type SharedSession,
} from '../analysis';
import { AppError, Errors, PROCESS_ROLE, type ProcessRole } from '../common';
import { AppConfig } from '../config';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage';
import { DEMO_COMMENTS } from './demo-comments';
import { DEMO_SQUAD, DEMO_VERSION, generateDemoRecording } from './demo-recording';

export const DEMO_SESSION_ID = '00000000-0000-4000-8000-00000000de00';
const RECORDING_KEY = 'demo/recording.wav';
/** How often the API, preparing the demo at start, asks whether a transcriber still being installed is ready. */
const READINESS_POLL_MS = 5000;

const DEMO_SESSION: SharedSession = {
  id: DEMO_SESSION_ID,
  title: 'Demo: U12 passing and receiving',
  mediaType: 'audio',
  createdAt: new Date('2026-01-12T17:30:00.000Z'),
};

/**
 * The demo's report as it is kept in the object storage: its report without the terms at its head. It holds every
 * part of the analysis the demo shows, so it is read back as that analysis and built again for each request.
 */
type KeptReport = Omit<ExternalReviewDto, 'review'>;

/**
 * The built-in demo session: a recording spoken by a synthetic voice, analysed by the product's own pipeline
 * once, then kept in the object storage (a few hundred kilobytes) and reused. The API process analyses it in the
 * background at start, as soon as its transcriber is ready (DEMO_PREPARE_AT_START), so a visitor does not wait
 * for an analysis; a request that comes first, or after a preparation that failed, prepares it itself.
 * With the default transcriber (`auto`) it is analysed by Whisper, and waits (answering 503 with why) while
 * Whisper is being installed; where Whisper cannot be had it shows no transcript rather than pocketsphinx's
 * (mostly wrong words), and its unscored categories say what the server lacks.
 */
@Injectable()
export class DemoService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DemoService.name);
  private prepared: Promise<SharedAnalysis> | null = null;
  private readonly stopping = new AbortController();
  private preparingAtStart: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber | null,
    @Inject(RUBRIC) private readonly rubric: Rubric,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {}

  onApplicationBootstrap(): void {
    if (this.role !== 'api' || !this.config.analysis.prepareDemoAtStart) return;
    this.preparingAtStart = this.prepareAtStart();
  }

  /** A preparation under way is let finish before the storage and the transcriber close. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await this.preparingAtStart;
  }

  /** Waits for the transcriber (it may be installing for minutes), then prepares the demo once; a failure is logged and left to the next request. */
  private async prepareAtStart(): Promise<void> {
    try {
      while (!this.stopping.signal.aborted) {
        const now = await this.transcriber?.readiness?.();
        if (!now || !('pending' in now)) {
          await this.demo();
          return;
        }
        await sleep(READINESS_POLL_MS, undefined, { signal: this.stopping.signal });
      }
    } catch {
      // Why is logged where it failed (demo()); an aborted wait is the API stopping.
      if (!this.stopping.signal.aborted) this.logger.warn('the demo could not be prepared at start; its first visitor will prepare it');
    }
  }

  async report(): Promise<ExternalReviewDto> {
    return buildReport(DEMO_SESSION, await this.demo(), DEMO_VIEW);
  }

  async mediaUrl(): Promise<{ url: string; expiresAt: string }> {
    await this.demo();
    const ttlSeconds = this.config.uploads.mediaUrlTtlSeconds;
    const url = await this.storage.downloadUrl(RECORDING_KEY, { ttlSeconds, contentType: 'audio/wav' });
    return { url, expiresAt: new Date(Date.now() + ttlSeconds * 1000).toISOString() };
  }

  comments(): ReviewCommentDto[] {
    return DEMO_COMMENTS;
  }

  /** One preparation at a time; a failed one is tried again on the next request. */
  private demo(): Promise<SharedAnalysis> {
    this.prepared ??= this.prepare().catch((error: unknown) => {
      this.prepared = null;
      if (error instanceof AppError) throw error;
      this.logger.warn({ err: error }, 'demo session unavailable');
      throw Errors.demoUnavailable();
    });
    return this.prepared;
  }

  /**
   * The recogniser the demo is analysed with, and the name its stored report is kept under: the configured one,
   * but for `auto` Whisper or none (with what is missing), never pocketsphinx in its place.
   */
  private async demoTranscriber(): Promise<{ transcriber: Transcriber | null; key: string; missing: string | null }> {
    const now = (await this.transcriber?.readiness?.()) ?? { transcriber: this.transcriber, missing: null };
    if ('pending' in now) {
      throw new AppError(
        'DEMO_UNAVAILABLE',
        HttpStatus.SERVICE_UNAVAILABLE,
        `The demo is being prepared: this server is installing its speech recogniser, Whisper (${now.pending}). Please try again in a few minutes.`,
      );
    }
    if (now.missing === null) return { transcriber: now.transcriber, key: now.transcriber?.name ?? 'none', missing: null };
    return {
      transcriber: null,
      key: 'no-whisper',
      missing: `This server has no Whisper speech recogniser (${now.missing}), so the demo shows no transcript and does not score what rests on the coach's words. A club gets it with ${now.install}.`,
    };
  }

  private async prepare(): Promise<SharedAnalysis> {
    const { transcriber, key, missing } = await this.demoTranscriber();
    const reportKey = `demo/report-${DEMO_VERSION}-${key}-${this.rubric.version.replace(/[^a-z0-9._-]/gi, '_')}.json`;
    if ((await this.storage.stat(reportKey)) && (await this.storage.stat(RECORDING_KEY))) {
      return JSON.parse(await text(await this.storage.get(reportKey))) as KeptReport as SharedAnalysis;
    }
    const work = await mkdtemp(path.join(tmpdir(), 'touchline-demo-'));
    try {
      const file = path.join(work, 'demo.wav');
      await generateDemoRecording(file);
      const analysis = await analyseRecording(file, {
        rubric: this.rubric,
        transcriber,
        squad: [...DEMO_SQUAD],
        maxRecordingMinutes: this.config.analysis.maxRecordingMinutes,
        ffmpegPath: this.config.analysis.ffmpegPath,
        ffprobePath: this.config.analysis.ffprobePath,
      });
      const shown: SharedAnalysis = {
        metrics: analysis.metrics,
        segments: analysis.segments,
        coachingStyle: analysis.coachingStyle,
        scores: missing === null ? analysis.scores : analysis.scores.map((score) => saysWhatIsMissing(score, missing)),
        transcript: analysis.transcript,
      };
      await this.storage.put(RECORDING_KEY, createReadStream(file), (await stat(file)).size);
      const { review: _, ...kept }: ExternalReviewDto = buildReport(DEMO_SESSION, shown, DEMO_VIEW);
      const json = Buffer.from(JSON.stringify(kept satisfies KeptReport));
      await this.storage.put(reportKey, Readable.from([json]), json.length);
      this.logger.log('demo session made from a generated recording');
      return shown;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

/** An unscored category of a demo analysed without Whisper: why, and what the server lacks (`missing`, a sentence or two). */
export function saysWhatIsMissing(score: CategoryScoreDto, missing: string): CategoryScoreDto {
  if (score.score !== null) return score;
  return {
    ...score,
    basis: `${score.basis} ${missing}`,
  };
}
