import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EliteRole, Plan } from '@touchline/shared';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../database/postgres-errors';
import { UserCache } from './user-cache';
import { UserEntity } from './user.entity';


export interface NewUser {
  identityId: string;
  username: string;
  email: string;
  plan: Plan;
  eliteRole: EliteRole | null;
}

@Injectable()
export class UsersRepository {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly cache: UserCache,
  ) {}

  findByIdentityId(identityId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ identityId });
  }

  /** The user an authenticated request acts as; may be a few seconds old when changed by another process (see UserCache). */
  findForRequest(identityId: string): Promise<UserEntity | null> {
    return this.cache.get(identityId, () => this.findByIdentityId(identityId));
  }

  /** Null when the identity or the email already has a user: the unique indexes decide, race-free. */
  async create(user: NewUser): Promise<UserEntity | null> {
    try {
      return await this.users.save(this.users.create(user));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async updateEmail(user: UserEntity, email: string): Promise<UserEntity> {
    user.email = email;
    return this.users.save(user);
  }
}
