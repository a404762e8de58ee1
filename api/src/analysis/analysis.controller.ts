import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { CoachingSessionDto, SessionReportDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import { mapSession, SessionsRepository, SessionsService, SessionResponse, sessionIdParam } from '../sessions';
import type { UserEntity } from '../users';
import { AnalyseSessionJob } from './jobs/analyse-session.job';
import { SessionReportResponse } from './dto/report.response';
import { OWNER_VIEW } from './report/report-view';
import { SessionReports } from './report/session-reports';

@ApiTags('sessions')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class AnalysisController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly analyseSession: AnalyseSessionJob,
    private readonly reports: SessionReports,
    private readonly sessionRows: SessionsRepository,
  ) {}

  /** The analysis of one of the caller's sessions: metrics, speech, coded transcript, style and scores. */
  @Get(':id/report')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SessionReportResponse })
  @ApiErrors(409)
  async report(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<SessionReportDto> {
    return this.reports.build(await this.sessions.get(user, id), OWNER_VIEW);
  }

  /** Analyses a session whose analysis failed once more; answers the session, waiting for analysis again. */
  @Post(':id/analysis')
  @HttpCode(202)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiAcceptedResponse({ description: 'The session, waiting for analysis again', type: SessionResponse })
  @ApiErrors(409)
  async retry(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<CoachingSessionDto> {
    const session = await this.sessions.get(user, id);
    if (session.processingStatus === 'failed' && !session.failureRetryable) throw Errors.retryPermanent();
    if (!(await this.sessionRows.retryFailed(id, user.id))) throw Errors.retryNotFailed();
    await this.analyseSession.enqueue(id);
    return mapSession(await this.sessions.get(user, id));
  }
}
