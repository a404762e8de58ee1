import type {
  CategoryScoreDto,
  CoachingStyle,
  CodedUtteranceDto,
  ExternalReviewDto,
  MediaType,
  SessionReportDto,
  TalkMetricsDto,
  TeamSessionReportDto,
  TranscriberName,
} from '@touchline/shared';
import { mapSession } from '../../sessions';
import { codeCounts } from '../rubric/code-counts';
import type { OwnerView, ReportView, SharedView, TeamAdminView } from './report-view';

/** A session as its repository answers it: the whole record. */
export type StoredSession = Parameters<typeof mapSession>[0];

/** What a shared report needs of its session. */
export interface SharedSession {
  id: string;
  title: string;
  mediaType: MediaType;
  createdAt: Date;
}

/** An analysis as a report shows it: assessed with the rubric. */
export interface ReportAnalysis {
  metrics: TalkMetricsDto;
  segments: { start: number; end: number }[];
  coachingStyle: CoachingStyle;
  scores: CategoryScoreDto[];
  transcriber: TranscriberName;
  transcript: CodedUtteranceDto[] | null;
  rubricVersion: string;
}

/** What a shared report needs of its analysis: its provenance is never shared. */
export type SharedAnalysis = Omit<ReportAnalysis, 'transcriber' | 'rubricVersion'>;

/**
 * A session's report as one reader sees it: every reader's report is built here, and the view decides each part.
 * The answer is the response body as it is sent: `SessionReportDto` for the coach, `TeamSessionReportDto` for a
 * team admin, `ExternalReviewDto` for a reviewer and the demo.
 */
export function buildReport(session: StoredSession, analysis: ReportAnalysis, view: OwnerView): SessionReportDto;
export function buildReport(session: StoredSession, analysis: ReportAnalysis, view: TeamAdminView): TeamSessionReportDto;
export function buildReport(session: SharedSession, analysis: SharedAnalysis, view: SharedView): ExternalReviewDto;
export function buildReport(
  session: StoredSession | SharedSession,
  analysis: ReportAnalysis | SharedAnalysis,
  view: ReportView,
): SessionReportDto | TeamSessionReportDto | ExternalReviewDto {
  const transcript = view.transcript ? analysis.transcript : null;
  // Only the views whose overloads take a whole analysis ask for its provenance.
  const provenance = view.provenance ? (analysis as ReportAnalysis) : null;
  // The keys in the order the responses have always had.
  const report = {
    ...(view.viewer === 'external reviewer' || view.viewer === 'demo' ? { review: view.terms } : {}),
    session: view.sessionRecord
      ? mapSession(session as StoredSession)
      : { id: session.id, title: session.title, mediaType: session.mediaType, recordedAt: session.createdAt.toISOString() },
    metrics: analysis.metrics,
    segments: analysis.segments,
    coachingStyle: analysis.coachingStyle,
    scores: view.scores ? analysis.scores : null,
    ...(provenance ? { transcriber: provenance.transcriber } : {}),
    transcript,
    codeCounts: transcript ? codeCounts(transcript) : null,
    ...(provenance ? { rubricVersion: provenance.rubricVersion } : {}),
  };
  if (view.viewer === 'team admin') return { coach: view.coach, report: report as SessionReportDto };
  return report as SessionReportDto | ExternalReviewDto;
}
