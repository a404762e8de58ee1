// The dashboards module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { DashboardsModule } from './dashboards.module';
export { describeGoalTargets } from './dto/goal.dto';
