import { Inject, Injectable } from '@nestjs/common';
import { Errors } from '../common';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../identity';
import { type UserEntity, UsersRepository } from '../users';
import { bearerToken } from './bearer-auth.guard';

/** Resolves a request's Bearer token to the product's user: 401 without a valid token, 404 before registration. */
@Injectable()
export class UserAuthenticator {
  constructor(
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly users: UsersRepository,
  ) {}

  async authenticate(authorization: string | undefined): Promise<UserEntity> {
    return (await this.authenticateToken(authorization)).user;
  }

  /** The user and when their access token expires. */
  async authenticateToken(authorization: string | undefined): Promise<{ user: UserEntity; expiresAt: Date }> {
    const token = bearerToken(authorization);
    if (!token) throw Errors.authenticationRequired();
    const { subject, expiresAt } = await this.identity.verifyAccessToken(token);
    const user = await this.users.findForRequest(subject);
    if (!user) throw Errors.userNotFound();
    return { user, expiresAt };
  }
}
