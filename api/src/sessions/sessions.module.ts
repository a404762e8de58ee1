import { Module } from '@nestjs/common';
import { HttpMounts } from '../common/http-mounts';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { PlansModule } from '../plans/plans.module';
import { UsersModule } from '../users/users.module';
import { UsersRepository } from '../users/users.repository';
import { CoachingSessionEntity } from './coaching-session.entity';
import { SessionEvents } from './session-events';
import { SessionEventsController } from './session-events.controller';
import { SessionStatusFeed } from './session-status-feed';
import { SessionStreamService } from './session-stream.service';
import { SessionsController } from './sessions.controller';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { UploadSweeper } from './upload-sweeper.service';
import { UploadsService } from './uploads.service';

@Module({
  imports: [TypeOrmModule.forFeature([CoachingSessionEntity]), AuthModule, PlansModule, UsersModule],
  controllers: [SessionEventsController, SessionsController],
  providers: [SessionsRepository, SessionsService, SessionEvents, SessionStatusFeed, SessionStreamService, UploadsService, UploadSweeper],
  exports: [SessionEvents, SessionsRepository, SessionsService, UploadsService],
})
export class SessionsModule {
  constructor(mounts: HttpMounts, uploads: UploadsService, feed: SessionStatusFeed, users: UsersRepository) {
    mounts.add(uploads.mount);
    // A plan or role changed by another process (the admin command, another API) reaches this one's user cache
    // through the same LISTEN connection as the live stream, before the coach's app asks for the new plan.
    feed.accountChanges.subscribe(() => users.forgetCachedUsers());
  }
}
