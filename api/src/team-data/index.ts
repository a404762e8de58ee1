// The team-data module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { TeamDataModule } from './team-data.module';
export { TeamInvitationEntity } from './team.entity';
export { type Membership, TeamsRepository } from './teams.repository';
