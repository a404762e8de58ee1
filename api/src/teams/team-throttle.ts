import { RateLimiterMemory } from 'rate-limiter-flexible';
import { TEAM_LIMITS } from '@touchline/shared';

const HOUR = 60 * 60;

/** Invitation page lookups (and acceptances) from one client address in 10 minutes. */
export const INVITATION_LOOKUPS_PER_ADDRESS = 60;

/**
 * Flood limits of invitations: emails sent per team and per invited address, and token lookups per client address.
 * Counts live in memory like the review links' throttle: one API process serves them.
 */
export class TeamThrottle {
  private readonly perTeam = new RateLimiterMemory({ keyPrefix: 'invite-team', points: TEAM_LIMITS.invitationsPerTeamPerHour, duration: HOUR });
  private readonly perAddress = new RateLimiterMemory({ keyPrefix: 'invite-addr', points: TEAM_LIMITS.invitationsPerAddressPerHour, duration: HOUR });
  private readonly lookups = new RateLimiterMemory({ keyPrefix: 'invite-lookup', points: INVITATION_LOOKUPS_PER_ADDRESS, duration: 10 * 60 });

  /** Counts one email to `email` from `teamId`; false when either has had too many lately (nothing is counted then). */
  async allowInvitation(teamId: string, email: string): Promise<boolean> {
    const [team, address] = await Promise.all([this.perTeam.get(teamId), this.perAddress.get(email)]);
    if ((team?.consumedPoints ?? 0) >= TEAM_LIMITS.invitationsPerTeamPerHour) return false;
    if ((address?.consumedPoints ?? 0) >= TEAM_LIMITS.invitationsPerAddressPerHour) return false;
    await Promise.all([this.perTeam.consume(teamId), this.perAddress.consume(email)]).catch(() => undefined);
    return true;
  }

  async allowLookup(clientAddress: string): Promise<boolean> {
    try {
      await this.lookups.consume(clientAddress);
      return true;
    } catch {
      return false;
    }
  }
}
