import { Controller, Get, Param, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { SessionReportDto } from '@touchline/shared';
import { Repository } from 'typeorm';
import { CurrentUser, RegisteredUserGuard } from '../auth/registered-user.guard';
import { Errors } from '../common/app-error';
import { SessionsService } from '../sessions/sessions.service';
import { mapSession } from '../sessions/session.mapper';
import type { UserEntity } from '../users/user.entity';
import { SessionAnalysisEntity } from './session-analysis.entity';

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => Errors.sessionNotFound() });

@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class AnalysisController {
  constructor(
    private readonly sessions: SessionsService,
    @InjectRepository(SessionAnalysisEntity) private readonly analyses: Repository<SessionAnalysisEntity>,
  ) {}

  /** The analysis of one of the caller's sessions: talk metrics and the coach's speech segments. */
  @Get(':id/report')
  async report(@CurrentUser() user: UserEntity, @Param('id', sessionId) id: string): Promise<SessionReportDto> {
    const session = await this.sessions.get(user, id);
    const analysis = session.processingStatus === 'completed' ? await this.analyses.findOneBy({ sessionId: id }) : null;
    if (!analysis) throw Errors.reportNotReady();
    return { session: mapSession(session), metrics: analysis.metrics, segments: analysis.segments };
  }
}
