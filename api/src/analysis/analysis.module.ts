import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { JobsModule } from '../jobs';
import { SessionsModule } from '../sessions';
import { SquadModule } from '../squad';
import { AnalysisController } from './analysis.controller';
import { AnalysesRepository } from './analyses.repository';
import { AnalyseSessionJob } from './jobs/analyse-session.job';
import { AnalysisService } from './analysis.service';
import { loadRubric, RUBRIC } from './rubric/rubric';
import { SessionAnalysisEntity } from './session-analysis.entity';
import { SessionReports } from './report/session-reports';
import { createTranscriber } from './pipeline/transcription/create-transcriber';
import { TRANSCRIBER } from './pipeline/transcription/transcriber';

@Module({
  imports: [TypeOrmModule.forFeature([SessionAnalysisEntity]), SessionsModule, AuthModule, JobsModule, SquadModule],
  controllers: [AnalysisController],
  providers: [
    AnalysesRepository,
    AnalysisService,
    SessionReports,
    AnalyseSessionJob,
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
  exports: [AnalysesRepository, AnalyseSessionJob, AnalysisService, SessionReports, RUBRIC, TRANSCRIBER],
})
export class AnalysisModule {}
