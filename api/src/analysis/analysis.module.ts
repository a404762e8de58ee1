import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AnalysisController, OverviewController } from './analysis.controller';
import { AnalysesRepository } from './analyses.repository';
import { AnalysisJobs } from './analysis-jobs';
import { AnalysisService } from './analysis.service';
import { OverviewService } from './overview.service';
import { loadRubric, RUBRIC } from './rubric';
import { SessionAnalysisEntity } from './session-analysis.entity';
import { createTranscriber } from './transcription/create-transcriber';
import { TRANSCRIBER } from './transcription/transcriber';

@Module({
  imports: [TypeOrmModule.forFeature([SessionAnalysisEntity]), SessionsModule, AuthModule],
  controllers: [AnalysisController, OverviewController],
  providers: [
    AnalysesRepository,
    AnalysisService,
    AnalysisJobs,
    OverviewService,
    { provide: RUBRIC, useFactory: () => loadRubric() },
    {
      provide: TRANSCRIBER,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const { transcriber, note } = createTranscriber(config.analysis);
        const logger = new Logger('Transcriber');
        if (note) logger.warn(note);
        else logger.log(`transcriber: ${transcriber?.name ?? 'none'}`);
        return transcriber;
      },
    },
  ],
  exports: [AnalysesRepository, AnalysisJobs, AnalysisService, RUBRIC],
})
export class AnalysisModule {}
