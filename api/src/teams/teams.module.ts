import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module';
import { AuthModule } from '../auth/auth.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { PlansModule } from '../plans/plans.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SquadModule } from '../squad/squad.module';
import { UsersModule } from '../users/users.module';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { TeamInsights } from './team-insights.service';
import { TeamDataModule } from './team-data.module';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

/** Elite teams: members and roles, email invitations, and the admins' views of the members' sessions. */
@Module({
  imports: [TeamDataModule, AuthModule, UsersModule, PlansModule, SessionsModule, AnalysisModule, DashboardsModule, SquadModule],
  controllers: [TeamsController, InvitationsController],
  providers: [TeamsService, InvitationsService, TeamInsights],
})
export class TeamsModule {}
