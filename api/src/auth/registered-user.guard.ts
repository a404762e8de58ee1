import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { Errors } from '../common/app-error';
import { IDENTITY_PROVIDER, type IdentityProvider } from '../identity/identity-provider';
import type { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { bearerToken } from './bearer-auth.guard';

/** Resolves a request's Bearer token to the product's user: 401 without a valid token, 404 before registration. */
@Injectable()
export class UserAuthenticator {
  constructor(
    @Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider,
    private readonly users: UsersRepository,
  ) {}

  async authenticate(authorization: string | undefined): Promise<UserEntity> {
    const token = bearerToken(authorization);
    if (!token) throw Errors.authenticationRequired();
    const { subject } = await this.identity.verifyAccessToken(token);
    const user = await this.users.findByIdentityId(subject);
    if (!user) throw Errors.userNotFound();
    return user;
  }
}

type UserRequest = Request & { user?: UserEntity };

/** Requires a Bearer token of a registered user and attaches that user to the request. */
@Injectable()
export class RegisteredUserGuard implements CanActivate {
  constructor(private readonly authenticator: UserAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<UserRequest>();
    request.user = await this.authenticator.authenticate(request.headers.authorization);
    return true;
  }
}

/** The user a `RegisteredUserGuard` resolved for this request. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserEntity => {
  const user = context.switchToHttp().getRequest<UserRequest>().user;
  if (!user) throw Errors.authenticationRequired();
  return user;
});
