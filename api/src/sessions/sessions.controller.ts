import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { CoachingSessionDto, CreatedSessionDto, SessionPageDto, UploadUsageDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth';
import { ApiErrors, BODY_ERRORS, SIGNED_IN_ERRORS, Errors, uuidParam } from '../common';
import type { UserEntity } from '../users';
import { CreateSessionBody } from './dto/create-session.dto';
import { ListSessionsQuery } from './dto/list-sessions.query';
import { CreatedSessionResponse, MediaUrlResponse, SessionPageResponse, SessionResponse, UploadUsageResponse } from './dto/session.response';
import { sessionIdParam } from './session-id';
import { mapSession } from './session.mapper';
import { SessionsService } from './sessions.service';

@ApiTags('sessions')
@ApiBearerAuth()
@ApiErrors(...SIGNED_IN_ERRORS)
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Creates a session awaiting its recording; the answer says where to send it with tus. */
  @Post()
  @ApiCreatedResponse({ type: CreatedSessionResponse })
  @ApiErrors(...BODY_ERRORS, 403)
  create(@CurrentUser() user: UserEntity, @Body() body: CreateSessionBody): Promise<CreatedSessionDto> {
    return this.sessions.create(user, body);
  }

  /** One page of the caller's sessions, newest first, filtered by words, status and media type. */
  @Get()
  @ApiOkResponse({ type: SessionPageResponse })
  @ApiErrors(400)
  list(@CurrentUser() user: UserEntity, @Query() query: ListSessionsQuery): Promise<SessionPageDto> {
    return this.sessions.list(user, query);
  }

  /** The minutes of recordings uploaded this calendar month (UTC) against the plan's monthly limit. */
  @Get('usage')
  @ApiOkResponse({ type: UploadUsageResponse })
  usage(@CurrentUser() user: UserEntity): Promise<UploadUsageDto> {
    return this.sessions.usage(user);
  }

  @Get(':id')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SessionResponse })
  async get(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<CoachingSessionDto> {
    return mapSession(await this.sessions.get(user, id));
  }

  /** Deletes the session and its recording (or its unfinished upload). */
  @Delete(':id')
  @HttpCode(204)
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'The session and its recording are gone' })
  async remove(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<void> {
    await this.sessions.delete(user, id);
  }

  /** A short-lived URL to play or download the recording; it serves HTTP Range requests. */
  @Get(':id/media')
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: MediaUrlResponse })
  @ApiErrors(409)
  media(@CurrentUser() user: UserEntity, @Param('id', sessionIdParam) id: string): Promise<{ url: string; expiresAt: string }> {
    return this.sessions.mediaUrl(user, id);
  }
}
