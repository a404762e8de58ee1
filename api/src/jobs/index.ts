// The jobs module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { JobQueue } from './job-queue';
export type { JobDefinition, JobRun } from './job';
export { JobsModule } from './jobs.module';
