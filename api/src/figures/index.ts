// The figures module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { assessmentOf, type DatedFigures, mean, meanScores, rollingMeans, type SessionAssessment, verdicts, weekOf, weeklyTrend } from './figures';
export { FiguresModule } from './figures.module';
export { type FigureRow, SessionFiguresRepository } from './session-figures.repository';
