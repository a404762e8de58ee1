import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Errors } from '../common';
import { AppConfig } from '../config';
import type { UserEntity } from '../users';

/**
 * Lets through installation admins only: registered users whose (verified) email is listed in ADMIN_EMAILS.
 * Runs after `RegisteredUserGuard`, which has resolved the user.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<Request & { user?: UserEntity }>().user;
    if (!user || !this.config.adminEmails.includes(user.email.toLowerCase())) throw Errors.notAdmin();
    return true;
  }
}
