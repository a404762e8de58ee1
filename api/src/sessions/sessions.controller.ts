import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CoachingSessionDto, CreatedSessionDto } from '@touchline/shared';
import { CurrentUser, RegisteredUserGuard } from '../auth/registered-user.guard';
import { Errors } from '../common/app-error';
import type { UserEntity } from '../users/user.entity';
import { CreateSessionDto } from './dto/create-session.dto';
import { mapSession } from './session.mapper';
import { SessionsService } from './sessions.service';

const sessionId = new ParseUUIDPipe({ exceptionFactory: () => Errors.sessionNotFound() });

@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Creates a session awaiting its recording; the answer says where to send it with tus. */
  @Post()
  create(@CurrentUser() user: UserEntity, @Body() body: CreateSessionDto): Promise<CreatedSessionDto> {
    return this.sessions.create(user, body);
  }

  /** The caller's sessions, newest first. */
  @Get()
  async list(@CurrentUser() user: UserEntity): Promise<CoachingSessionDto[]> {
    return (await this.sessions.list(user)).map(mapSession);
  }

  @Get(':id')
  async get(@CurrentUser() user: UserEntity, @Param('id', sessionId) id: string): Promise<CoachingSessionDto> {
    return mapSession(await this.sessions.get(user, id));
  }

  /** Deletes the session and its recording (or its unfinished upload). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() user: UserEntity, @Param('id', sessionId) id: string): Promise<void> {
    await this.sessions.delete(user, id);
  }

  /** A short-lived URL to play or download the recording; it serves HTTP Range requests. */
  @Get(':id/media')
  media(@CurrentUser() user: UserEntity, @Param('id', sessionId) id: string): Promise<{ url: string; expiresAt: string }> {
    return this.sessions.mediaUrl(user, id);
  }
}
