import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { CoachingSessionEntity } from '../sessions/coaching-session.entity';
import { SessionsModule } from '../sessions/sessions.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisJobs } from './analysis-jobs';
import { AnalysisService } from './analysis.service';
import { SessionAnalysisEntity } from './session-analysis.entity';

@Module({
  imports: [TypeOrmModule.forFeature([CoachingSessionEntity, SessionAnalysisEntity]), SessionsModule, AuthModule],
  controllers: [AnalysisController],
  providers: [AnalysisService, AnalysisJobs],
  exports: [AnalysisJobs, AnalysisService],
})
export class AnalysisModule {}
