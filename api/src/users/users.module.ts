import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PROCESS_ROLE, type ProcessRole } from '../common';
import { NotificationListener } from '../database';
import { UserEntity } from './user.entity';
import { UserCache } from './user-cache';
import { UsersRepository } from './users.repository';

/** The NOTIFY channel a user's plan or role change is announced on (migration 1764400000000). */
export const ACCOUNT_CHANNEL = 'account_changes';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  providers: [UserCache, UsersRepository],
  exports: [UsersRepository],
})
export class UsersModule implements OnApplicationBootstrap {
  constructor(
    private readonly notifications: NotificationListener,
    private readonly users: UsersRepository,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {
    // A plan or role changed by another process (the admin command, another API, SQL) reaches this one's user
    // cache through the process's LISTEN connection (the live streams' too), before the coach's app asks for the new plan.
    notifications.subscribe(ACCOUNT_CHANNEL, () => users.forgetCachedUsers());
  }

  /** The API listens from start, so its user cache hears every change even while no coach's stream is open. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.role === 'api') await this.notifications.keepListening(() => this.users.forgetCachedUsers());
  }
}
