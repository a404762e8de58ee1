import { Inject, Injectable, Logger } from '@nestjs/common';
import { SESSION_MESSAGES } from '@touchline/shared';
import { AppConfig } from '../config';
import { SessionsRepository } from '../sessions';
import { SquadService } from '../squad';
import { OBJECT_STORAGE, type ObjectStorage } from '../storage';
import { AnalysesRepository } from './analyses.repository';
import { analyseRecording } from './pipeline/analyse-recording';
import { DecodeError } from './pipeline/audio-decoder';
import { RUBRIC, type Rubric } from './rubric/rubric';
import { TRANSCRIBER, type Transcriber } from './pipeline/transcription/transcriber';

/** How long a presigned source stays valid: longer than any analysis runs. */
const SOURCE_TTL_SECONDS = 6 * 3600;
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

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: SessionsRepository,
    private readonly analyses: AnalysesRepository,
    private readonly squads: SquadService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber | null,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  async run(sessionId: string): Promise<AnalysisOutcome> {
    const claimed = await this.sessions.claimForAnalysis(sessionId);
    if (!claimed) return 'skipped';

    try {
      const progress = new ProgressReporter((percent) => this.sessions.reportProgress(sessionId, percent));
      const source = await this.storage.toolSource(claimed.storageKey, SOURCE_TTL_SECONDS);
      const analysis = await analyseRecording(source, {
        rubric: this.rubric,
        transcriber: this.transcriber,
        squad: await this.squads.namesForAnalysis(claimed.ownerId),
        maxRecordingMinutes: this.config.analysis.maxRecordingMinutes,
        ffmpegPath: this.config.analysis.ffmpegPath,
        ffprobePath: this.config.analysis.ffprobePath,
        onProgress: (done) => progress.report(done),
        onWaiting: (waiting) => this.sessions.reportWaiting(sessionId, waiting ? 'transcriber' : null),
      });
      await this.analyses.store(sessionId, {
        metrics: analysis.metrics,
        segments: analysis.segments,
        transcriber: analysis.transcriber,
        transcript: analysis.transcript,
        coachingStyle: analysis.coachingStyle,
        scores: analysis.scores,
        rubricVersion: this.rubric.version,
      });
      return 'completed';
    } catch (error) {
      if (error instanceof DecodeError) {
        await this.fail(sessionId, error.message, error.retryable);
        return 'failed';
      }
      throw error;
    }
  }

  /**
   * Marks the session failed with a reason a coach reads, and whether trying again can help. Only a recording
   * found unreadable is final; a failure of the server or of a service it calls may pass.
   */
  async fail(sessionId: string, reason: string = SESSION_MESSAGES.analysisFailed, retryable = true): Promise<void> {
    this.logger.warn({ sessionId, reason, retryable }, 'analysis failed');
    await this.sessions.markFailed(sessionId, reason.slice(0, 500), retryable);
  }
}
