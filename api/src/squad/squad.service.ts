import { Injectable } from '@nestjs/common';
import type { EliteRole, SquadDto, TeamSquadDto } from '@touchline/shared';
import { TeamsRepository } from '../team-data';
import { type UserEntity, UsersRepository } from '../users';

/**
 * Squads. A coach keeps one (`/api/squad`); an Elite team's admins keep one its members share (`/api/team/squad`).
 * New analyses of a coach's sessions listen for both.
 */
@Injectable()
export class SquadService {
  constructor(
    private readonly users: UsersRepository,
    private readonly teams: TeamsRepository,
  ) {}

  of(user: UserEntity): SquadDto {
    return { names: user.squad ?? [] };
  }

  /** Replaces the squad; names keep the coach's spelling, in the coach's order. */
  async replace(user: UserEntity, names: string[]): Promise<SquadDto> {
    return this.of(await this.users.updateSquad(user, names));
  }

  /** The team's squad as a member sees it; only its admins may change it. */
  async team(membership: { teamId: string; role: EliteRole }): Promise<TeamSquadDto> {
    return this.asSeenBy(membership, await this.teams.squad(membership.teamId));
  }

  /** Replaces the team's squad; the caller has been checked to be one of its admins. */
  async replaceTeam(membership: { teamId: string; role: EliteRole }, names: string[]): Promise<TeamSquadDto> {
    return this.asSeenBy(membership, await this.teams.replaceSquad(membership.teamId, names));
  }

  private asSeenBy(membership: { role: EliteRole }, names: string[]): TeamSquadDto {
    return { names, editable: membership.role === 'Elite Admin' };
  }

  /** The names a coach's analyses listen for: the coach's own squad, then the team's names it does not already hold. */
  async namesForAnalysis(userId: string): Promise<string[]> {
    const [own, team] = await Promise.all([this.users.squadOf(userId), this.teams.squadOfMember(userId)]);
    return mergeSquads(own, team);
  }
}

/** `first`, then the names of `second` not in it, comparing names without regard to case. */
export function mergeSquads(first: string[], second: string[]): string[] {
  const seen = new Set(first.map((name) => name.toLocaleLowerCase()));
  return [...first, ...second.filter((name) => !seen.has(name.toLocaleLowerCase()) && seen.add(name.toLocaleLowerCase()))];
}
