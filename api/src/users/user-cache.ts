import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntitySubscriberInterface } from 'typeorm';
import { UserEntity } from './user.entity';

/** How long a request's user may come from memory instead of PostgreSQL. */
export const USER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * The users that requests' tokens resolved to, kept in this process for a few seconds so a burst of
 * authenticated calls (a page's queries, an upload's chunks, /api/auth/check) costs one database read.
 * Any write to a user through TypeORM in this process (a plan or role change, a new email) empties it at once,
 * so the process that made a change never answers with the old record. Another API process could answer with
 * it for at most USER_CACHE_TTL_MS; the worker process never changes users.
 */
@Injectable()
export class UserCache implements EntitySubscriberInterface<UserEntity> {
  private readonly entries = new Map<string, { user: UserEntity; until: number }>();
  /** Bumped by every write, so a read that started before a write never stores what it read. */
  private generation = 0;

  constructor(@InjectDataSource() dataSource: DataSource) {
    dataSource.subscribers.push(this);
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
    if (user && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(identityId, { user: copy(user), until: Date.now() + USER_CACHE_TTL_MS });
    }
    return user;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

const copy = (user: UserEntity): UserEntity => Object.assign(new UserEntity(), user);
