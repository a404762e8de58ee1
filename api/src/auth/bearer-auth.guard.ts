import { CanActivate, ExecutionContext, Inject, Injectable, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';
import { Errors } from '../common';
import { IDENTITY_PROVIDER, type IdentityProvider, type VerifiedIdentity } from '../identity';

type AuthenticatedRequest = Request & { identity?: VerifiedIdentity };

/** Requires `Authorization: Bearer <access token>` and attaches the verified identity to the request. */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(@Inject(IDENTITY_PROVIDER) private readonly identity: IdentityProvider) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw Errors.authenticationRequired();
    request.identity = await this.identity.verifyAccessToken(token);
    return true;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** The identity a `BearerAuthGuard` verified for this request. */
export const CurrentIdentity = createParamDecorator((_: unknown, context: ExecutionContext): VerifiedIdentity => {
  const identity = context.switchToHttp().getRequest<AuthenticatedRequest>().identity;
  if (!identity) throw Errors.authenticationRequired();
  return identity;
});
