import { Injectable } from '@nestjs/common';
import type { UserDto } from '@touchline/shared';
import { Errors } from '../common/app-error';
import { mapUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import type { VerifiedIdentity } from './identity-provider';

@Injectable()
export class AuthService {
  constructor(private readonly users: UsersRepository) {}

  /** GET /api/auth/check: the caller's fresh user record. */
  async check(identity: VerifiedIdentity): Promise<UserDto> {
    const user = await this.users.findByIdentityId(identity.subject);
    if (!user) throw Errors.userNotFound();
    return mapUser(user);
  }
}
