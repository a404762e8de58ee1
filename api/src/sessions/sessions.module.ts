import { Module } from '@nestjs/common';
import { HttpMounts } from '../common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { PlansModule } from '../plans';
import { CoachingSessionEntity } from './coaching-session.entity';
import { SessionEvents } from './session-events';
import { SessionEventsController } from './events/session-events.controller';
import { SessionStatusFeed } from './events/session-status-feed';
import { SessionStreamService } from './events/session-stream.service';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { PostgresUploadLocker } from './uploads/upload-locker';
import { UploadSweeper } from './uploads/upload-sweeper.service';
import { UploadsService } from './uploads/uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([CoachingSessionEntity]), AuthModule, PlansModule],
  controllers: [SessionEventsController, SessionsController],
  providers: [SessionsRepository, SessionsService, SessionEvents, SessionStatusFeed, SessionStreamService, PostgresUploadLocker, UploadsService, UploadSweeper],
  exports: [SessionEvents, SessionsRepository, SessionsService, UploadsService],
})
export class SessionsModule {
  constructor(mounts: HttpMounts, uploads: UploadsService) {
    mounts.add(uploads.mount);
  }
}
