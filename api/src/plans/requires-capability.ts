import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Capability } from '@touchline/shared';
import type { Request } from 'express';
import { ApiErrors, Errors } from '../common';
import type { UserEntity } from '../users';
import { EntitlementsService } from './entitlements.service';

const CAPABILITY = 'touchline:capability';

/** Asks the caller's plan for the capability before the handler runs; runs after `RegisteredUserGuard`. */
@Injectable()
export class CapabilityGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly entitlements: EntitlementsService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const capability = this.reflector.getAllAndOverride<Capability>(CAPABILITY, [context.getHandler(), context.getClass()]);
    const user = context.switchToHttp().getRequest<Request & { user?: UserEntity }>().user;
    if (!user) throw Errors.authenticationRequired();
    this.entitlements.assert(user, capability);
    return true;
  }
}

/** Marks an endpoint (or a whole controller) as open only to plans with this capability: 403 naming them otherwise. */
export const RequiresCapability = (capability: Capability) => applyDecorators(SetMetadata(CAPABILITY, capability), UseGuards(CapabilityGuard), ApiErrors(403));
