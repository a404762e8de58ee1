import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Errors } from '../common';
import type { UserEntity } from '../users';
import { TeamsService, type TeamAccess } from './teams.service';

const TEAM_ROLE = 'touchline:team-role';

/** Who a team route is for: its Elite Admins (unless marked) or any member of the caller's team. */
type TeamRole = 'member' | 'admin';

type TeamRequest = Request & { user?: UserEntity; teamAccess?: TeamAccess };

/**
 * Finds the caller's team before the handler runs, after `RegisteredUserGuard`, and lets its Elite Admins through
 * (every member on a route marked `@OpenToTeamMembers()`). Anyone else gets "team not found", so a route reveals
 * nothing about other teams. The access it found is the handler's `@CurrentTeam()`.
 */
@Injectable()
export class TeamRoleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly teams: TeamsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const role = this.reflector.getAllAndOverride<TeamRole | undefined>(TEAM_ROLE, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<TeamRequest>();
    if (!request.user) throw Errors.authenticationRequired();
    request.teamAccess = role === 'member' ? await this.teams.access(request.user) : await this.teams.adminAccess(request.user);
    return true;
  }
}

/** Opens a route of a controller the `TeamRoleGuard` holds to every member of the team, not its admins alone. */
export const OpenToTeamMembers = () => SetMetadata(TEAM_ROLE, 'member' satisfies TeamRole);

/** The caller's team, as the `TeamRoleGuard` found it. */
export const CurrentTeam = createParamDecorator((_: unknown, context: ExecutionContext): TeamAccess => {
  const access = context.switchToHttp().getRequest<TeamRequest>().teamAccess;
  if (!access) throw Errors.teamNotFound();
  return access;
});
