// The sessions module's face: what other modules may use of it (docs/project-structure.md). Everything else is private.
export { CREATE_SESSION_SCHEMA } from './dto/create-session.dto';
export { ListSessionsQuery } from './dto/list-sessions.query';
export { MediaUrlResponse, SessionResponse } from './dto/session.response';
export { sessionIdParam } from './session-id';
export { SessionEvents } from './session-events';
export { mapSession } from './session.mapper';
export { SessionsModule } from './sessions.module';
export { SessionsRepository } from './sessions.repository';
export { SessionsService } from './sessions.service';
export { describeUploads } from './uploads/uploads.openapi';
