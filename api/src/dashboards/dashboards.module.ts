import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisModule } from '../analysis';
import { AuthModule } from '../auth';
import { FiguresModule } from '../figures';
import { PlansModule } from '../plans';
import { SessionsModule } from '../sessions';
import { DashboardsController } from './dashboards.controller';
import { DashboardsService } from './dashboards.service';
import { GoalEntity } from './goal.entity';
import { GoalsRepository } from './goals.repository';
import { GoalsService } from './goals.service';
import { OverviewController } from './overview.controller';
import { OverviewService } from './overview.service';

/** The dashboards (overview, Compare, Development) and the goals coaches set. */
@Module({
  imports: [TypeOrmModule.forFeature([GoalEntity]), AnalysisModule, SessionsModule, FiguresModule, AuthModule, PlansModule],
  controllers: [OverviewController, DashboardsController],
  providers: [DashboardsService, GoalsService, GoalsRepository, OverviewService],
})
export class DashboardsModule {}
