import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis';
import { SessionsModule } from '../sessions';
import { SessionFiguresRepository } from './session-figures.repository';

/** The figures of analysed sessions and the maths over them, for the coach's dashboards and a team's views. */
@Module({
  imports: [AnalysisModule, SessionsModule],
  providers: [SessionFiguresRepository],
  exports: [SessionFiguresRepository],
})
export class FiguresModule {}
