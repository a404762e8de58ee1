import { Controller, type MessageEvent, Sse, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import { CurrentUser, RegisteredUserGuard, TokenExpiry } from '../../auth';
import { ApiErrors, SIGNED_IN_ERRORS } from '../../common';
import type { UserEntity } from '../../users';
import { SessionStatusEventResponse } from '../dto/session.response';
import { SessionStreamService } from './session-stream.service';

/** Registered before `SessionsController`, whose `GET /sessions/:id` would otherwise take `events` for an id. */
@ApiTags('sessions')
@ApiBearerAuth()
@ApiExtraModels(SessionStatusEventResponse)
@UseGuards(RegisteredUserGuard)
@Controller('sessions')
export class SessionEventsController {
  constructor(private readonly streams: SessionStreamService) {}

  @Sse('events')
  @ApiOperation({ summary: "Server-sent events: a `session` event ({ sessionId, status, progress, uploaded }) per change of one of the caller's sessions" })
  @ApiOkResponse({
    description: 'An open stream until the access token expires; errors before it opens are JSON',
    content: {
      'text/event-stream': {
        schema: {
          type: 'string',
          description:
            `Server-sent events: \`event: session\` with \`data:\` one ${getSchemaPath(SessionStatusEventResponse)} as JSON per change; ` +
            'a `: connected` comment once listening, then a `: heartbeat` comment every 25 s',
        },
      },
    },
  })
  // 503: the database's change feed cannot be listened to.
  @ApiErrors(...SIGNED_IN_ERRORS, 429)
  events(@CurrentUser() user: UserEntity, @TokenExpiry() expiresAt: Date): Observable<MessageEvent> {
    return this.streams.stream(user, expiresAt);
  }
}
