import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TeamEntity, TeamInvitationEntity, TeamMemberEntity } from './team.entity';
import { TeamsRepository } from './teams.repository';

/**
 * The teams' tables and their repository, without the team routes and their services: what other modules ask of
 * teams (the squad a member's analyses use) without depending on everything the team routes depend on.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity, TeamMemberEntity, TeamInvitationEntity])],
  providers: [TeamsRepository],
  exports: [TeamsRepository],
})
export class TeamDataModule {}
