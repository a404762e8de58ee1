import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { SessionsModule } from '../sessions/sessions.module';
import { AnalysisController } from './analysis.controller';
import { AnalysesRepository } from './analyses.repository';
import { AnalysisJobs } from './analysis-jobs';
import { AnalysisService } from './analysis.service';
import { loadRubric, RUBRIC } from './rubric/rubric';
import { SessionAnalysisEntity } from './session-analysis.entity';
import { createTranscriber } from './pipeline/transcription/create-transcriber';
import { TRANSCRIBER } from './pipeline/transcription/transcriber';

@Module({
  imports: [TypeOrmModule.forFeature([SessionAnalysisEntity]), SessionsModule, AuthModule],
  controllers: [AnalysisController],
  providers: [
    AnalysesRepository,
    AnalysisService,
    AnalysisJobs,
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
  exports: [AnalysesRepository, AnalysisJobs, AnalysisService, RUBRIC, TRANSCRIBER],
})
export class AnalysisModule {}
