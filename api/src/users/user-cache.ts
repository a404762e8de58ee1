import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntitySubscriberInterface } from 'typeorm';
import { AppConfig } from '../config';
import { UserEntity } from './user.entity';

/** How long a request's user may come from memory instead of PostgreSQL, unless USER_CACHE_SECONDS says otherwise. */
export const USER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The users that requests' tokens resolved to, kept in this process for a few seconds so a burst of
 * authenticated calls (a page's queries, an upload's chunks, /api/auth/check) costs one database read.
 * Any write to a user through TypeORM in this process (a plan or role change, a new email) empties it at once,
 * so the process that made a change never answers with the old record. A plan or role changed elsewhere (another
 * API process, the admin command, SQL) is announced by the database, which every API process listens to from
 * start (users.module.ts), and clears it too; other changes made elsewhere show within USER_CACHE_SECONDS.
 */
@Injectable()
export class UserCache implements EntitySubscriberInterface<UserEntity> {
  private readonly entries = new Map<string, { user: UserEntity; until: number }>();
  /** Bumped by every write, so a read that started before a write never stores what it read. */
  private generation = 0;

  private readonly ttlMs: number;

  constructor(@InjectDataSource() dataSource: DataSource, config?: AppConfig) {
    dataSource.subscribers.push(this);
    this.ttlMs = config ? config.userCacheSeconds * 1000 : USER_CACHE_TTL_MS;
  }

  listenTo() {
    return UserEntity;
  }

  afterInsert() {
    this.clear();
  }

  afterUpdate() {
    this.clear();
  }

  afterRemove() {
    this.clear();
  }

  /** The cached user, or `load`'s answer (kept when no write happened meanwhile). A copy either way. */
  async get(identityId: string, load: () => Promise<UserEntity | null>): Promise<UserEntity | null> {
    const hit = this.entries.get(identityId);
    if (hit && hit.until > Date.now()) return copy(hit.user);
    const generation = this.generation;
    const user = await load();
    if (user && generation === this.generation && this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(identityId, { user: copy(user), until: Date.now() + this.ttlMs });
    }
    return user;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

const copy = (user: UserEntity): UserEntity => Object.assign(new UserEntity(), user);
