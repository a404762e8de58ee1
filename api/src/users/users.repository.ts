import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EliteRole, Plan } from '@touchline/shared';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../database/postgres-errors';
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
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findByIdentityId(identityId: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ identityId });
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

  async updateSquad(user: UserEntity, names: string[]): Promise<UserEntity> {
    user.squad = names;
    return this.users.save(user);
  }

  /** The squad of the coach who owns a session; empty when the session is gone. */
  async squadOfSessionOwner(sessionId: string): Promise<string[]> {
    const rows = (await this.users.query(`SELECT u.squad FROM coaching_sessions s JOIN users u ON u.id = s.owner_id WHERE s.id = $1`, [sessionId])) as { squad: string[] }[];
    return rows[0]?.squad ?? [];
  }

  async updateEmail(user: UserEntity, email: string): Promise<UserEntity> {
    user.email = email;
    return this.users.save(user);
  }
}
