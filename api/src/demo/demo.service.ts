import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ExternalReviewDto, ReviewCommentDto } from '@touchline/shared';
import { analyseRecording } from '../analysis/pipeline/analyse-recording';
import { TRANSCRIBER, type Transcriber } from '../analysis/pipeline/transcription/transcriber';
import { codeCounts } from '../analysis/rubric/code-counts';
import { RUBRIC, type Rubric } from '../analysis/rubric/rubric';
import { Errors } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { DEMO_COMMENTS } from './demo-comments';
import { DEMO_VERSION, generateDemoRecording } from './demo-recording';

export const DEMO_SESSION_ID = '00000000-0000-4000-8000-00000000de00';
const RECORDING_KEY = 'demo/recording.wav';

type DemoReport = Omit<ExternalReviewDto, 'review'>;

/**
 * The built-in demo session: a recording spoken by a synthetic voice, analysed by the product's own pipeline
 * the first time the demo is asked for, then kept in the object storage (a few hundred kilobytes) and reused.
 */
@Injectable()
export class DemoService {
  private readonly logger = new Logger(DemoService.name);
  private prepared: Promise<DemoReport> | null = null;

  constructor(
    private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber | null,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async report(): Promise<ExternalReviewDto> {
    const report = await this.demo();
    return {
      review: { label: 'Demo', expiresAt: '2099-12-31T23:59:59.000Z', showMedia: true, showTranscript: true, showScores: true, allowDownload: false },
      ...report,
    };
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
  private demo(): Promise<DemoReport> {
    this.prepared ??= this.prepare().catch((error: unknown) => {
      this.prepared = null;
      this.logger.warn(`demo session unavailable: ${String(error)}`);
      throw Errors.demoUnavailable();
    });
    return this.prepared;
  }

  private async prepare(): Promise<DemoReport> {
    const reportKey = `demo/report-${DEMO_VERSION}-${this.transcriber?.name ?? 'none'}-${this.rubric.version.replace(/[^a-z0-9._-]/gi, '_')}.json`;
    if ((await this.storage.stat(reportKey)) && (await this.storage.stat(RECORDING_KEY))) {
      return JSON.parse(await text(await this.storage.get(reportKey))) as DemoReport;
    }
    const work = await mkdtemp(path.join(tmpdir(), 'touchline-demo-'));
    try {
      const file = path.join(work, 'demo.wav');
      await generateDemoRecording(file);
      const analysis = await analyseRecording(file, {
        rubric: this.rubric,
        transcriber: this.transcriber,
        maxRecordingMinutes: this.config.analysis.maxRecordingMinutes,
      });
      const report: DemoReport = {
        session: { id: DEMO_SESSION_ID, title: 'Demo: U12 passing and receiving', mediaType: 'audio', recordedAt: '2026-01-12T17:30:00.000Z' },
        metrics: analysis.metrics,
        segments: analysis.segments,
        coachingStyle: analysis.coachingStyle,
        scores: analysis.scores,
        transcript: analysis.transcript,
        codeCounts: analysis.transcript ? codeCounts(analysis.transcript) : null,
      };
      await this.storage.put(RECORDING_KEY, createReadStream(file), (await stat(file)).size);
      const json = Buffer.from(JSON.stringify(report));
      await this.storage.put(reportKey, Readable.from([json]), json.length);
      this.logger.log('demo session made from a generated recording');
      return report;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}
