import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SESSION_MESSAGES } from '@touchline/shared';
import { DataSource } from 'typeorm';
import { CoachingSessionEntity } from '../sessions/coaching-session.entity';
import { returningRows } from '../database/returning-rows';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage/object-storage';
import { DecodeError, decodeToPcm, SAMPLE_RATE } from './audio-decoder';
import { probeDurationSeconds } from './probe';
import { SessionAnalysisEntity } from './session-analysis.entity';
import { FRAME_SECONDS, SileroVad } from './silero-vad';
import { speechSegments } from './speech-segments';
import { talkMetrics } from './talk-metrics';

/** How long a presigned source stays valid: longer than any analysis runs. */
const SOURCE_TTL_SECONDS = 6 * 3600;
const PROGRESS_STEP = 5;

export type AnalysisOutcome = 'completed' | 'failed' | 'skipped';

/**
 * One session's analysis: decode, voice activity, talk metrics. Idempotent: a completed or deleted session is
 * skipped, and a rerun after a crash starts the session over and writes its result once.
 */
@Injectable()
export class AnalysisService {
  private readonly logger = new Logger(AnalysisService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async run(sessionId: string): Promise<AnalysisOutcome> {
    const sessions = this.db.getRepository(CoachingSessionEntity);
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

    try {
      const source = await this.storage.toolSource(storageKey, SOURCE_TTL_SECONDS);
      const expectedSeconds = await probeDurationSeconds(source).catch(() => null);
      const vad = await SileroVad.create();
      let reported = 0;
      let decoded = 0;
      const samples = await decodeToPcm(source, async (piece) => {
        await vad.push(piece);
        decoded += piece.length;
        if (!expectedSeconds) return;
        const progress = Math.min(99, Math.floor((decoded / SAMPLE_RATE / expectedSeconds) * 100));
        if (progress >= reported + PROGRESS_STEP) {
          reported = progress;
          await sessions.update({ id: sessionId, processingStatus: 'processing' }, { analysisProgress: progress });
        }
      });
      await vad.flush();
      const seconds = samples / SAMPLE_RATE;
      const segments = speechSegments(vad.probabilities, FRAME_SECONDS).map((s) => ({ start: round(s.start), end: round(s.end) }));
      const metrics = talkMetrics(segments, seconds);
      await this.db.transaction(async (tx) => {
        await tx.getRepository(SessionAnalysisEntity).upsert({ sessionId, metrics, segments }, ['sessionId']);
        await tx.getRepository(CoachingSessionEntity).update({ id: sessionId }, { processingStatus: 'completed', analysisProgress: 100, failureReason: null });
      });
      return 'completed';
    } catch (error) {
      if (error instanceof DecodeError) {
        await this.fail(sessionId, error.message);
        return 'failed';
      }
      throw error;
    }
  }

  /** Marks the session failed with a reason a coach reads. */
  async fail(sessionId: string, reason: string = SESSION_MESSAGES.analysisFailed): Promise<void> {
    this.logger.warn({ sessionId, reason }, 'analysis failed');
    await this.db.getRepository(CoachingSessionEntity).update({ id: sessionId }, { processingStatus: 'failed', failureReason: reason.slice(0, 500) });
  }
}

const round = (value: number) => Math.round(value * 1000) / 1000;
