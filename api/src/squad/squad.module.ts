import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { TeamDataModule } from '../team-data';
import { UsersModule } from '../users';
import { SquadController } from './squad.controller';
import { SquadService } from './squad.service';

/** Squads: each coach's own, an Elite team's shared one, and the names a coach's analyses listen for. */
@Module({
  imports: [AuthModule, UsersModule, TeamDataModule],
  controllers: [SquadController],
  providers: [SquadService],
  exports: [SquadService],
})
export class SquadModule {}
