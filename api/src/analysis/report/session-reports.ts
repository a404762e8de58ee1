import { Inject, Injectable } from '@nestjs/common';
import type { SessionReportDto, TeamSessionReportDto } from '@touchline/shared';
import { Errors } from '../../common';
import { AnalysesRepository } from '../analyses.repository';
import { storedAssessment } from '../rubric/coaching-report';
import { RUBRIC, type Rubric } from '../rubric/rubric';
import { buildReport, type ReportAnalysis, type StoredSession } from './build-report';
import type { OwnerView, TeamAdminView } from './report-view';

/** Reads a session's stored analysis for its report, and builds the report for its coach and their team admins. */
@Injectable()
export class SessionReports {
  constructor(
    private readonly analyses: AnalysesRepository,
    @Inject(RUBRIC) private readonly rubric: Rubric,
  ) {}

  /**
   * A completed session's analysis as its report shows it; null while there is none. An analysis from before the
   * rubric is scored when read.
   */
  async analysisOf(session: Pick<StoredSession, 'id' | 'processingStatus'>): Promise<ReportAnalysis | null> {
    const analysis = session.processingStatus === 'completed' ? await this.analyses.findBySession(session.id) : null;
    if (!analysis) return null;
    const { metrics, coachingStyle, scores, rubricVersion } = storedAssessment(this.rubric, analysis);
    return { metrics, segments: analysis.segments, coachingStyle, scores, transcriber: analysis.transcriber, transcript: analysis.transcript, rubricVersion };
  }

  /** The caller has already checked that the session is the reader's to read; 409 until its analysis is done. */
  async build(session: StoredSession, view: OwnerView): Promise<SessionReportDto>;
  async build(session: StoredSession, view: TeamAdminView): Promise<TeamSessionReportDto>;
  async build(session: StoredSession, view: OwnerView | TeamAdminView): Promise<SessionReportDto | TeamSessionReportDto> {
    const analysis = await this.analysisOf(session);
    if (!analysis) throw Errors.reportNotReady();
    return view.viewer === 'owner' ? buildReport(session, analysis, view) : buildReport(session, analysis, view);
  }
}
