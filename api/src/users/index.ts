// The users module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { ASSIGN_PLAN_SQL, type AssignedPlan, DECLINE_PLAN_REQUEST_SQL, PLAN_REQUESTS_SQL, type PlanRequestRow } from './plan-assignment';
export { UserEntity } from './user.entity';
export { mapUser } from './user.mapper';
export { ACCOUNT_CHANNEL, UsersModule } from './users.module';
export { type NewUser, UsersRepository } from './users.repository';
