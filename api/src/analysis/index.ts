// The analysis module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { AnalysesRepository } from './analyses.repository';
export { TEAM_FIGURES, type AnalysisFigures, type FigureSums, type TeamFigure } from './analysis-figures';
export { AnalysisModule } from './analysis.module';
export { CategoryScore, CodeCounts, CodedUtterance, OverviewResponse, SessionReportResponse, Span, TalkMetrics } from './dto/report.response';
export { analyseRecording } from './pipeline/analyse-recording';
export { TRANSCRIBER, type Transcriber } from './pipeline/transcription/transcriber';
export { storedAssessment } from './rubric/coaching-report';
export { codeCounts } from './rubric/code-counts';
export { COMPARED_FIGURES, idealBand, loadRubric, RUBRIC, type Rubric } from './rubric/rubric';
export { buildReport, type ReportAnalysis, type SharedAnalysis, type SharedSession } from './report/build-report';
export { DEMO_VIEW, externalReviewerView, OWNER_VIEW, type ReportView, teamAdminView } from './report/report-view';
export { SessionReports } from './report/session-reports';
