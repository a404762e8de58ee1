import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpMounts, PROCESS_ROLE, type ProcessRole } from '../common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { PlansModule } from '../plans';
import { UsersModule, UsersRepository } from '../users';
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
  imports: [TypeOrmModule.forFeature([CoachingSessionEntity]), AuthModule, PlansModule, UsersModule],
  controllers: [SessionEventsController, SessionsController],
  providers: [SessionsRepository, SessionsService, SessionEvents, SessionStatusFeed, SessionStreamService, PostgresUploadLocker, UploadsService, UploadSweeper],
  exports: [SessionEvents, SessionsRepository, SessionsService, UploadsService],
})
export class SessionsModule implements OnApplicationBootstrap {
  constructor(
    mounts: HttpMounts,
    uploads: UploadsService,
    private readonly feed: SessionStatusFeed,
    private readonly users: UsersRepository,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {
    mounts.add(uploads.mount);
    // A plan or role changed by another process (the admin command, another API, SQL) reaches this one's user
    // cache through the same LISTEN connection as the live streams, before the coach's app asks for the new plan.
    feed.accountChanges.subscribe(() => users.forgetCachedUsers());
  }

  /** The API listens from start, so its user cache hears every change even while no coach's stream is open. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.role === 'api') await this.feed.keepListening(() => this.users.forgetCachedUsers());
  }
}
