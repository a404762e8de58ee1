import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis';
import { AuthModule } from '../auth';
import { FiguresModule } from '../figures';
import { PlansModule } from '../plans';
import { SessionsModule } from '../sessions';
import { SquadModule } from '../squad';
import { UsersModule } from '../users';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { TeamInsights } from './team-insights.service';
import { TeamDataModule } from '../team-data';
import { TeamsController } from './teams.controller';
import { TeamsService } from './teams.service';

/** Elite teams: members and roles, email invitations, and the admins' views of the members' sessions. */
@Module({
  imports: [TeamDataModule, AuthModule, UsersModule, PlansModule, SessionsModule, AnalysisModule, FiguresModule, SquadModule],
  controllers: [TeamsController, InvitationsController],
  providers: [TeamsService, InvitationsService, TeamInsights],
})
export class TeamsModule {}
