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

type UserRequest = Request & { user?: UserEntity; tokenExpiresAt?: Date };

/** Requires a Bearer token of a registered user and attaches that user to the request. */
@Injectable()
export class RegisteredUserGuard implements CanActivate {
  constructor(private readonly authenticator: UserAuthenticator) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<UserRequest>();
    const { user, expiresAt } = await this.authenticator.authenticateToken(request.headers.authorization);
    request.user = user;
    request.tokenExpiresAt = expiresAt;
    return true;
  }
}

/** The user a `RegisteredUserGuard` resolved for this request. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): UserEntity => {
  const user = context.switchToHttp().getRequest<UserRequest>().user;
  if (!user) throw Errors.authenticationRequired();
  return user;
});

/** When the access token of a request a `RegisteredUserGuard` let through expires. */
export const TokenExpiry = createParamDecorator((_: unknown, context: ExecutionContext): Date => {
  const expiresAt = context.switchToHttp().getRequest<UserRequest>().tokenExpiresAt;
  if (!expiresAt) throw Errors.authenticationRequired();
  return expiresAt;
});
