import { CanActivate, ExecutionContext, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { Errors } from '../common';
import type { UserEntity } from '../users';
import { UserAuthenticator } from './user-authenticator';

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
