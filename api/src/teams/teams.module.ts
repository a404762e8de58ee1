import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisModule } from '../analysis/analysis.module';
import { AuthModule } from '../auth/auth.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { PlansModule } from '../plans/plans.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { TeamInsights } from './team-insights.service';
import { TeamEntity, TeamInvitationEntity, TeamMemberEntity } from './team.entity';
import { TeamsController } from './teams.controller';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';

/** Elite teams: members and roles, email invitations, and the admins' views of the members' sessions. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TeamEntity, TeamMemberEntity, TeamInvitationEntity]),
    AuthModule,
    UsersModule,
    PlansModule,
    SessionsModule,
    AnalysisModule,
    DashboardsModule,
  ],
  controllers: [TeamsController, InvitationsController],
  providers: [TeamsRepository, TeamsService, InvitationsService, TeamInsights],
})
export class TeamsModule {}
