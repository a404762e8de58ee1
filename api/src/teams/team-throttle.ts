import { TEAM_LIMITS } from '@touchline/shared';
import { RateLimit, type ThrottleStore } from '../database';

const HOUR = 60 * 60;

/** Invitation page lookups (and acceptances) from one client address in 10 minutes. */
export const INVITATION_LOOKUPS_PER_ADDRESS = 60;

/**
 * Flood limits of invitations: emails sent per team and per invited address, and token lookups per client address.
 * Counts live in the shared `ThrottleStore` (PostgreSQL) like the review links' throttle, so every API replica counts together.
 */
export class TeamThrottle {
  private readonly perTeam: RateLimit;
  private readonly perAddress: RateLimit;
  private readonly lookups: RateLimit;

  constructor(store: ThrottleStore) {
    this.perTeam = new RateLimit(store, { scope: 'invite-team', points: TEAM_LIMITS.invitationsPerTeamPerHour, durationSeconds: HOUR });
    this.perAddress = new RateLimit(store, { scope: 'invite-addr', points: TEAM_LIMITS.invitationsPerAddressPerHour, durationSeconds: HOUR });
    this.lookups = new RateLimit(store, { scope: 'invite-lookup', points: INVITATION_LOOKUPS_PER_ADDRESS, durationSeconds: 10 * 60 });
  }

  /** Counts one email to `email` from `teamId`; false when either has had too many lately (nothing is counted then). */
  async allowInvitation(teamId: string, email: string): Promise<boolean> {
    const [team, address] = await Promise.all([this.perTeam.get(teamId), this.perAddress.get(email)]);
    if ((team?.consumedPoints ?? 0) >= TEAM_LIMITS.invitationsPerTeamPerHour) return false;
    if ((address?.consumedPoints ?? 0) >= TEAM_LIMITS.invitationsPerAddressPerHour) return false;
    await Promise.all([this.perTeam.consume(teamId), this.perAddress.consume(email)]);
    return true;
  }

  async allowLookup(clientAddress: string): Promise<boolean> {
    return this.lookups.consume(clientAddress);
  }
}
