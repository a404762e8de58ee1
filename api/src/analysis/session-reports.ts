import { Inject, Injectable } from '@nestjs/common';
import type { SessionReportDto } from '@touchline/shared';
import { Errors } from '../common';
import { mapSession, type SessionsRepository } from '../sessions';
import { AnalysesRepository } from './analyses.repository';
import { codeCounts } from './rubric/code-counts';
import { storedAssessment } from './rubric/coaching-report';
import { RUBRIC, type Rubric } from './rubric/rubric';

/** A session as its repository answers it. */
type StoredSession = NonNullable<Awaited<ReturnType<SessionsRepository['findOwned']>>>;

/** Builds a session's report from its stored analysis: for its coach, and read-only for the coach's team admins. */
@Injectable()
export class SessionReports {
  constructor(
    private readonly analyses: AnalysesRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  /** The caller has already checked that the session is theirs to read; 409 until its analysis is done. */
  async build(session: StoredSession): Promise<SessionReportDto> {
    const analysis = session.processingStatus === 'completed' ? await this.analyses.findBySession(session.id) : null;
    if (!analysis) throw Errors.reportNotReady();
    const { metrics, coachingStyle, scores, rubricVersion } = storedAssessment(this.rubric, analysis);
    return {
      session: mapSession(session),
      metrics,
      segments: analysis.segments,
      coachingStyle,
      scores,
      transcriber: analysis.transcriber,
      transcript: analysis.transcript,
      codeCounts: analysis.transcript ? codeCounts(analysis.transcript) : null,
      rubricVersion,
    };
  }
}
