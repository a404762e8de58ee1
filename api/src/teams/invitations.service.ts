import { Inject, Injectable, Logger, HttpStatus } from '@nestjs/common';
import {
  INVITE_PAGE,
  TEAM_MESSAGES,
  type EliteRole,
  type InvitationState,
  type PublicInvitationDto,
  type TeamDto,
  type TeamInvitationDto,
} from '@touchline/shared';
import { AppError, Errors } from '../common';
import { AppConfig } from '../config';
import { ThrottleStore } from '../database';
import { MailService } from '../mail';
import { type UserEntity, UsersRepository } from '../users';
import { hashInvitationToken, newInvitationToken } from './invitation-token';
import { type TeamInvitationEntity, TeamsRepository } from '../team-data';
import { TeamThrottle } from './team-throttle';
import { TeamsService, type TeamAccess } from './teams.service';

const DAY_MS = 24 * 60 * 60 * 1000;

export function invitationState(invitation: Pick<TeamInvitationEntity, 'acceptedAt' | 'revokedAt' | 'expiresAt'>, now = new Date()): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt <= now ? 'expired' : 'pending';
}

function toDto(invitation: TeamInvitationEntity): TeamInvitationDto {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    state: invitationState(invitation),
    invitedBy: invitation.inviterName,
    sentAt: invitation.sentAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    createdAt: invitation.createdAt.toISOString(),
  };
}

const mailFailed = () =>
  new AppError(
    'INVITATION_MAIL_FAILED',
    HttpStatus.SERVICE_UNAVAILABLE,
    'We could not send the invitation email. Please check the address, or try again later.',
  );

/**
 * Email invitations to a team: a token of 32 random bytes of which only the SHA-256 is kept, valid for
 * INVITATION_EXPIRY_DAYS, used once, and only by an account with the invited address (any case). A pending
 * invitation holds a seat. Resending gives a new token (the old link stops working) and a new expiry.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);
  private readonly throttle: TeamThrottle;

  constructor(
    private readonly teams: TeamsRepository,
    private readonly teamsService: TeamsService,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    @Inject(AppConfig) private readonly config: AppConfig,
    store: ThrottleStore,
  ) {
    this.throttle = new TeamThrottle(store);
  }

  async list({ membership }: TeamAccess): Promise<TeamInvitationDto[]> {
    return (await this.teams.openInvitations(membership.teamId)).map(toDto);
  }

  async invite({ user, membership }: TeamAccess, rawEmail: string, role: EliteRole): Promise<TeamInvitationDto> {
    const email = rawEmail.trim().toLowerCase();
    const { teamId } = membership;
    const { token, hash } = newInvitationToken();
    const invitation = await this.teams.withTeamLocked(teamId, async (tx) => {
      const invitee = await this.users.findByEmail(email);
      if (invitee && (await this.teams.member(tx, teamId, invitee.id))) throw Errors.alreadyMember();
      if (await this.teams.openInvitationFor(tx, teamId, email)) throw Errors.alreadyInvited();
      await this.checkSeat(tx, teamId);
      if (!(await this.throttle.allowInvitation(teamId, email))) throw Errors.tooManyInvitations();
      return this.teams.insertInvitation(tx, {
        teamId,
        email,
        role,
        tokenHash: hash,
        invitedBy: user.id,
        inviterName: user.username,
        expiresAt: this.expiry(),
      });
    });
    try {
      await this.send(invitation, membership.teamName, token);
    } catch (error) {
      // No email, no invitation: the admin sees the failure and the seat is free again.
      this.logger.error({ err: error }, 'invitation mail failed');
      await this.teams.deleteInvitation(invitation.id);
      throw mailFailed();
    }
    return toDto(invitation);
  }

  async resend({ user, membership }: TeamAccess, id: string): Promise<TeamInvitationDto> {
    const { teamId } = membership;
    const { token, hash } = newInvitationToken();
    const invitation = await this.teams.withTeamLocked(teamId, async (tx) => {
      const found = await this.teams.invitation(tx, teamId, id);
      if (!found) throw Errors.invitationNotFound();
      const state = invitationState(found);
      if (state === 'accepted' || state === 'revoked') throw Errors.invitationNotOpen();
      // An expired invitation holds no seat; sending it again takes one.
      if (state === 'expired') await this.checkSeat(tx, teamId);
      if (!(await this.throttle.allowInvitation(teamId, found.email))) throw Errors.tooManyInvitations();
      await this.teams.replaceToken(tx, id, hash, this.expiry(), { id: user.id, name: user.username });
      return (await this.teams.invitation(tx, teamId, id))!;
    });
    try {
      await this.send(invitation, membership.teamName, token);
    } catch (error) {
      this.logger.error({ err: error }, 'invitation mail failed');
      throw mailFailed();
    }
    return toDto(invitation);
  }

  async revoke({ membership }: TeamAccess, id: string): Promise<void> {
    const { teamId } = membership;
    await this.teams.withTeamLocked(teamId, async (tx) => {
      const found = await this.teams.invitation(tx, teamId, id);
      if (!found) throw Errors.invitationNotFound();
      if (found.acceptedAt || found.revokedAt) throw Errors.invitationNotOpen();
      await this.teams.revoke(tx, id);
    });
  }

  /** What the invitation page shows; the address and role only while the invitation is pending. */
  async view(token: string, clientAddress: string): Promise<PublicInvitationDto> {
    if (!(await this.throttle.allowLookup(clientAddress))) throw Errors.tooManyInvitationLookups();
    const invitation = await this.teams.invitationByHash(hashInvitationToken(token));
    if (!invitation) throw Errors.invitationUnknown();
    const state = invitationState(invitation);
    const pending = state === 'pending';
    return {
      state,
      teamName: invitation.teamName,
      inviterName: invitation.inviterName,
      email: pending ? invitation.email : null,
      role: pending ? invitation.role : null,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Joins the team: plan Elite with the invitation's role, remembering the plan the coach had. A coach alone in a
   * team of their own (no other member, no pending invitation) leaves it for the new one; a coach of a team with
   * others must be removed from it first.
   */
  async accept(user: UserEntity, token: string, clientAddress: string): Promise<TeamDto> {
    if (!(await this.throttle.allowLookup(clientAddress))) throw Errors.tooManyInvitationLookups();
    const hash = hashInvitationToken(token);
    const found = await this.teams.invitationByHash(hash);
    if (!found) throw Errors.invitationUnknown();
    await this.teams.withTeamLocked(found.teamId, async (tx) => {
      const invitation = await this.teams.invitationByHash(hash, tx, true);
      if (!invitation) throw Errors.invitationUnknown();
      const state = invitationState(invitation);
      if (state === 'accepted') throw Errors.invitationUsed();
      if (state === 'revoked') throw Errors.invitationRevoked();
      if (state === 'expired') throw Errors.invitationExpired();
      if (invitation.email !== user.email.toLowerCase()) throw Errors.invitationWrongAccount(invitation.email, user.email);
      let previous = { plan: user.plan, startedAt: user.planStartedAt };
      const current = await this.teams.membershipOf(user.id, tx);
      if (current) {
        if (current.teamId === invitation.teamId) throw Errors.alreadyMember();
        const others = (await this.teams.seatsUsed(current.teamId, tx)) - 1;
        if (others > 0) throw Errors.inOtherTeam();
        await this.teams.deleteTeam(tx, current.teamId);
        if (current.previousPlan) previous = { plan: current.previousPlan, startedAt: current.previousPlanStartedAt ?? user.planStartedAt };
      }
      await this.teams.addMember(tx, invitation.teamId, user.id, invitation.role, previous);
      await this.teams.markAccepted(tx, invitation.id, user.id);
      await this.users.setPlanAndRole(tx, user.id, 'Elite', invitation.role);
    });
    this.users.forgetCachedUsers();
    const joined = await this.users.findById(user.id);
    return this.teamsService.team(await this.teamsService.access(joined!));
  }

  private async checkSeat(tx: Parameters<Parameters<TeamsRepository['withTeamLocked']>[1]>[0], teamId: string): Promise<void> {
    const seats = this.teamsService.seats();
    if ((await this.teams.seatsUsed(teamId, tx)) >= seats) throw Errors.seatsFull(seats);
  }

  private expiry(): Date {
    return new Date(Date.now() + this.config.invitationExpiryDays * DAY_MS);
  }

  private async send(invitation: TeamInvitationEntity, teamName: string, token: string): Promise<void> {
    const url = `${this.config.publicUrl}${INVITE_PAGE.path}?${INVITE_PAGE.tokenParam}=${token}`;
    await this.mail.send({
      to: invitation.email,
      subject: TEAM_MESSAGES.invitationEmailSubject(teamName),
      text: [
        `${invitation.inviterName} invites you to join ${teamName} on Touchline as ${invitation.role}.`,
        '',
        `Accept the invitation: ${url}`,
        '',
        `The link works once, for this email address, until ${invitation.expiresAt.toUTCString()}.`,
        'If you did not expect this invitation, ignore this email.',
      ].join('\n'),
    });
  }
}
