import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatMinutes, SESSION_MESSAGES } from '@touchline/shared';
import { DataSource, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { CoachingSessionEntity } from '../sessions/coaching-session.entity';
import { returningRows } from '../database/returning-rows';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { DecodeError, decodeToPcm, SAMPLE_RATE } from './audio-decoder';
import { probeDurationSeconds } from './probe';
import { SessionAnalysisEntity } from './session-analysis.entity';
import { FRAME_SECONDS, SileroVad } from './silero-vad';
import { assessSession, utteranceSpans } from './coaching-report';
import { loadRubric } from './rubric';
import { speechSegments, type Segment } from './speech-segments';
import { talkMetrics } from './talk-metrics';
import { toPcm16 } from './transcription/pcm';
import { TRANSCRIBER, type Transcriber } from './transcription/transcriber';

/** How long a presigned source stays valid: longer than any analysis runs. */
const SOURCE_TTL_SECONDS = 6 * 3600;
/** The share of the progress bar decoding takes when a transcriber follows it. */
const DECODE_SHARE_WITH_TRANSCRIBER = 0.4;
const PROGRESS_STEP = 5;

export type AnalysisOutcome = 'completed' | 'failed' | 'skipped';

/** Stores progress in whole percent, every PROGRESS_STEP points and never past 99 (100 is "completed"). */
class ProgressReporter {
  private reported = 0;

  constructor(private readonly store: (percent: number) => Promise<unknown>) {}

  async report(done: number): Promise<void> {
    const percent = Math.min(99, Math.floor(done * 100));
    if (percent < this.reported + PROGRESS_STEP) return;
    this.reported = percent;
    await this.store(percent);
  }
}


/**
 * One session's analysis: decode, voice activity, talk metrics, then (with a transcriber) the coded transcript,
 * and the coaching style and category scores from the rubric. Idempotent: a completed or deleted session is
 * skipped, and a rerun after a crash starts the session over and writes its result once.
 */
@Injectable()
export class AnalysisService {
  private readonly logger = new Logger(AnalysisService.name);

  private readonly rubric = loadRubric();
  private readonly sessions: Repository<CoachingSessionEntity>;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber | null,
  ) {
    this.sessions = db.getRepository(CoachingSessionEntity);
  }

  async run(sessionId: string): Promise<AnalysisOutcome> {
    const claimed = returningRows<{ storage_key: string }>(
      await this.db.query(
        `UPDATE coaching_sessions SET processing_status = 'processing', analysis_progress = 0, failure_reason = NULL, updated_at = now()
          WHERE id = $1 AND uploaded_at IS NOT NULL AND processing_status IN ('pending', 'processing')
          RETURNING storage_key`,
        [sessionId],
      ),
    );
    const storageKey = claimed[0]?.storage_key;
    if (!storageKey) return 'skipped';

    const work = this.transcriber ? await mkdtemp(path.join(tmpdir(), 'touchline-analysis-')) : null;
    try {
      const progress = new ProgressReporter((percent) => this.sessions.update({ id: sessionId, processingStatus: 'processing' }, { analysisProgress: percent }));
      // Decoding and voice activity take the first part of the progress; transcription, when there is one, the rest.
      const decodeShare = this.transcriber ? DECODE_SHARE_WITH_TRANSCRIBER : 1;
      const { seconds, segments, pcmFile } = await this.decode(storageKey, work, (done) => progress.report(done * decodeShare));
      const gap = this.rubric.segmentation.intervention_gap_seconds.value;
      const metrics = talkMetrics(segments, seconds, gap);
      let spans: Segment[] | null = null;
      let texts: string[] | null = null;
      if (this.transcriber && pcmFile) {
        spans = utteranceSpans(segments, gap, seconds);
        texts = await this.transcriber.transcribe(pcmFile, spans, (done) => progress.report(decodeShare + done * (1 - decodeShare)));
      }
      const assessment = assessSession(this.rubric, metrics, spans, texts);
      await this.db.transaction(async (tx) => {
        await tx.getRepository(SessionAnalysisEntity).upsert(
          {
            sessionId,
            metrics: assessment.metrics,
            segments,
            transcriber: this.transcriber?.name ?? 'none',
            transcript: assessment.transcript,
            coachingStyle: assessment.coachingStyle,
            scores: assessment.scores,
            rubricVersion: this.rubric.version,
          },
          ['sessionId'],
        );
        await tx.getRepository(CoachingSessionEntity).update({ id: sessionId }, { processingStatus: 'completed', analysisProgress: 100, failureReason: null });
      });
      return 'completed';
    } catch (error) {
      if (error instanceof DecodeError) {
        await this.fail(sessionId, error.message);
        return 'failed';
      }
      throw error;
    } finally {
      if (work) await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Decodes the recording and finds the coach's speech; with a transcriber, also keeps the PCM in `work` for it.
   * Refuses recordings longer than the configured limit, from the container's duration when it states one and
   * while decoding when it does not.
   */
  private async decode(storageKey: string, work: string | null, onProgress: (done: number) => Promise<void>) {
    const source = await this.storage.toolSource(storageKey, SOURCE_TTL_SECONDS);
    const limitSeconds = this.config.analysis.maxRecordingMinutes * 60;
    const tooLong = () => new DecodeError(SESSION_MESSAGES.tooLong(formatMinutes(this.config.analysis.maxRecordingMinutes)));
    const expectedSeconds = await probeDurationSeconds(source).catch(() => null);
    if (expectedSeconds !== null && expectedSeconds > limitSeconds) throw tooLong();

    const vad = await SileroVad.create();
    const pcmFile = work ? path.join(work, 'speech.raw') : null;
    const pcm = pcmFile ? createWriteStream(pcmFile) : null;
    let decoded = 0;
    try {
      const samples = await decodeToPcm(source, async (piece) => {
        decoded += piece.length;
        if (decoded > limitSeconds * SAMPLE_RATE) throw tooLong();
        if (pcm && !pcm.write(toPcm16(piece))) await once(pcm, 'drain');
        await vad.push(piece);
        if (expectedSeconds) await onProgress(Math.min(1, decoded / SAMPLE_RATE / expectedSeconds));
      });
      await vad.flush();
      if (pcm) await new Promise<void>((resolve, reject) => pcm.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const segments = speechSegments(vad.probabilities, FRAME_SECONDS).map((s) => ({ start: round(s.start), end: round(s.end) }));
      return { seconds: samples / SAMPLE_RATE, segments, pcmFile };
    } finally {
      pcm?.destroy();
    }
  }

  /** Marks the session failed with a reason a coach reads. */
  async fail(sessionId: string, reason: string = SESSION_MESSAGES.analysisFailed): Promise<void> {
    this.logger.warn({ sessionId, reason }, 'analysis failed');
    await this.db.getRepository(CoachingSessionEntity).update({ id: sessionId }, { processingStatus: 'failed', failureReason: reason.slice(0, 500) });
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
