import { Controller, type MessageEvent, Sse, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { CurrentUser, RegisteredUserGuard, TokenExpiry } from '../auth/registered-user.guard';
import type { UserEntity } from '../users/user.entity';
import { SessionStreamService } from './session-stream.service';

/** Registered before `SessionsController`, whose `GET /sessions/:id` would otherwise take `events` for an id. */
@ApiTags('sessions')
@ApiBearerAuth()
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class SessionEventsController {
  constructor(private readonly streams: SessionStreamService) {}

  @Sse('events')
  @ApiOperation({ summary: "Server-sent events: a `session` event ({ sessionId, status, progress, uploaded }) per change of one of the caller's sessions" })
  events(@CurrentUser() user: UserEntity, @TokenExpiry() expiresAt: Date): Observable<MessageEvent> {
    return this.streams.stream(user, expiresAt);
  }
}
