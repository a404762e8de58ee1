import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EliteRole, Plan } from '@touchline/shared';
import { DataSource, type EntityManager } from 'typeorm';
import { returningRows } from '../database';
import { TeamEntity, TeamInvitationEntity, TeamMemberEntity } from './team.entity';

export interface Membership {
  teamId: string;
  teamName: string;
  teamCreatedAt: Date;
  role: EliteRole;
  previousPlan: Plan | null;
  previousPlanStartedAt: Date | null;
  joinedAt: Date;
}

/** An invitation with its team's name, as the invitation page and acceptance read it. */
export type InvitationWithTeam = TeamInvitationEntity & { teamName: string };

/** "Open": neither accepted nor revoked; pending when also not expired. Pending invitations hold a seat. */
const OPEN = `"accepted_at" IS NULL AND "revoked_at" IS NULL`;

/**
 * Teams, memberships and invitations. Writes that must hold together run in one transaction with the team row locked.
 * A coach's plan leaving Elite also deletes rows here, through the trigger on `users` described beside
 * `UsersRepository.assignPlan`.
 */
@Injectable()
export class TeamsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs `work` in a transaction holding the team's row lock, so seat counts and the last-admin rule see no race. */
  async withTeamLocked<T>(teamId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM "teams" WHERE "id" = $1 FOR UPDATE`, [teamId]);
      return work(tx);
    });
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async membershipOf(userId: string, tx: EntityManager = this.db.manager): Promise<Membership | null> {
    const rows = (await tx.query(
      `SELECT m."team_id" AS "teamId", t."name" AS "teamName", t."created_at" AS "teamCreatedAt", m."role", m."previous_plan" AS "previousPlan",
              m."previous_plan_started_at" AS "previousPlanStartedAt",
              m."joined_at" AS "joinedAt"
         FROM "team_members" m JOIN "teams" t ON t."id" = m."team_id"
        WHERE m."user_id" = $1`,
      [userId],
    )) as Membership[];
    return rows[0] ?? null;
  }

  /** A new team with its founder as Elite Admin; null when the founder already belongs to a team (a parallel request). */
  async createTeam(tx: EntityManager, name: string, founderId: string): Promise<string | null> {
    const team = await tx.getRepository(TeamEntity).save({ name });
    const inserted = await tx.query(
      `INSERT INTO "team_members" ("team_id", "user_id", "role", "previous_plan") VALUES ($1, $2, 'Elite Admin', NULL)
       ON CONFLICT ("user_id") DO NOTHING RETURNING "user_id"`,
      [team.id, founderId],
    );
    return returningRows(inserted).length ? team.id : null;
  }

  async deleteTeam(tx: EntityManager, teamId: string): Promise<void> {
    await tx.delete(TeamEntity, { id: teamId });
  }

  async rename(teamId: string, name: string): Promise<void> {
    await this.db.getRepository(TeamEntity).update({ id: teamId }, { name });
  }

  members(teamId: string, tx: EntityManager = this.db.manager): Promise<TeamMemberEntity[]> {
    return tx.getRepository(TeamMemberEntity).find({ where: { teamId }, order: { joinedAt: 'ASC', userId: 'ASC' } });
  }

  member(tx: EntityManager, teamId: string, userId: string): Promise<TeamMemberEntity | null> {
    return tx.getRepository(TeamMemberEntity).findOneBy({ teamId, userId });
  }

  /** `previous` is the plan the coach had before joining and when it started, given back when the membership ends. */
  async addMember(tx: EntityManager, teamId: string, userId: string, role: EliteRole, previous: { plan: Plan; startedAt: Date }): Promise<void> {
    await tx.query(`INSERT INTO "team_members" ("team_id", "user_id", "role", "previous_plan", "previous_plan_started_at") VALUES ($1, $2, $3, $4, $5)`, [
      teamId,
      userId,
      role,
      previous.plan,
      previous.startedAt,
    ]);
  }

  async setRole(tx: EntityManager, teamId: string, userId: string, role: EliteRole): Promise<void> {
    await tx.getRepository(TeamMemberEntity).update({ teamId, userId }, { role });
  }

  async removeMember(tx: EntityManager, teamId: string, userId: string): Promise<void> {
    await tx.getRepository(TeamMemberEntity).delete({ teamId, userId });
  }

  async adminCount(tx: EntityManager, teamId: string): Promise<number> {
    return tx.getRepository(TeamMemberEntity).countBy({ teamId, role: 'Elite Admin' });
  }

  /** Active members plus pending invitations. */
  async seatsUsed(teamId: string, tx: EntityManager = this.db.manager): Promise<number> {
    const [row] = (await tx.query(
      `SELECT (SELECT count(*) FROM "team_members" WHERE "team_id" = $1)
            + (SELECT count(*) FROM "team_invitations" WHERE "team_id" = $1 AND ${OPEN} AND "expires_at" > now()) AS "used"`,
      [teamId],
    )) as { used: string }[];
    return Number(row?.used ?? 0);
  }

  async pendingInvitationCount(teamId: string): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*) AS "n" FROM "team_invitations" WHERE "team_id" = $1 AND ${OPEN} AND "expires_at" > now()`, [
      teamId,
    ])) as { n: string }[];
    return Number(row?.n ?? 0);
  }

  /** The team's open invitations (pending and expired), newest first. */
  openInvitations(teamId: string): Promise<TeamInvitationEntity[]> {
    return this.db
      .getRepository(TeamInvitationEntity)
      .createQueryBuilder('i')
      .where('i.team_id = :teamId AND i.accepted_at IS NULL AND i.revoked_at IS NULL', { teamId })
      .orderBy('i.sent_at', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .getMany();
  }

  async openInvitationFor(tx: EntityManager, teamId: string, email: string): Promise<TeamInvitationEntity | null> {
    return tx
      .getRepository(TeamInvitationEntity)
      .createQueryBuilder('i')
      .where('i.team_id = :teamId AND i.email = :email AND i.accepted_at IS NULL AND i.revoked_at IS NULL', { teamId, email })
      .getOne();
  }

  invitation(tx: EntityManager, teamId: string, id: string): Promise<TeamInvitationEntity | null> {
    return tx.getRepository(TeamInvitationEntity).findOneBy({ teamId, id });
  }

  /** Locks the invitation row, so two acceptances of one token cannot both succeed. */
  async invitationByHash(tokenHash: Buffer, tx: EntityManager = this.db.manager, lock = false): Promise<InvitationWithTeam | null> {
    const query = tx.getRepository(TeamInvitationEntity).createQueryBuilder('i').where('i.token_hash = :tokenHash', { tokenHash });
    const invitation = await (lock ? query.setLock('pessimistic_write') : query).getOne();
    if (!invitation) return null;
    const team = await tx.getRepository(TeamEntity).findOneBy({ id: invitation.teamId });
    return team ? Object.assign(invitation, { teamName: team.name }) : null;
  }

  async insertInvitation(
    tx: EntityManager,
    invitation: Pick<TeamInvitationEntity, 'teamId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'inviterName' | 'expiresAt'>,
  ): Promise<TeamInvitationEntity> {
    return tx.getRepository(TeamInvitationEntity).save({ ...invitation, sentAt: new Date() });
  }

  async replaceToken(tx: EntityManager, id: string, tokenHash: Buffer, expiresAt: Date, inviter: { id: string; name: string }): Promise<void> {
    await tx.getRepository(TeamInvitationEntity).update({ id }, { tokenHash, expiresAt, sentAt: new Date(), invitedBy: inviter.id, inviterName: inviter.name });
  }

  async revoke(tx: EntityManager, id: string): Promise<void> {
    await tx.getRepository(TeamInvitationEntity).update({ id }, { revokedAt: new Date() });
  }

  async deleteInvitation(id: string): Promise<void> {
    await this.db.getRepository(TeamInvitationEntity).delete({ id });
  }

  async markAccepted(tx: EntityManager, id: string, userId: string): Promise<void> {
    await tx.getRepository(TeamInvitationEntity).update({ id }, { acceptedAt: new Date(), acceptedBy: userId });
  }

  /** The team's shared squad, as its admins wrote it. */
  async squad(teamId: string): Promise<string[]> {
    return (await this.db.getRepository(TeamEntity).findOne({ select: { id: true, squad: true }, where: { id: teamId } }))?.squad ?? [];
  }

  /** Stores the team's squad; answers it as stored (empty when the team is gone). */
  async replaceSquad(teamId: string, names: string[]): Promise<string[]> {
    const rows = returningRows<{ squad: string[] }>(
      await this.db.query(`UPDATE "teams" SET "squad" = $2::jsonb WHERE "id" = $1 RETURNING "squad"`, [teamId, JSON.stringify(names)]),
    );
    return rows[0]?.squad ?? [];
  }

  /** The squad of the team a user belongs to; empty for a user in no team. */
  async squadOfMember(userId: string): Promise<string[]> {
    const rows = (await this.db.query(`SELECT t."squad" FROM "team_members" m JOIN "teams" t ON t."id" = m."team_id" WHERE m."user_id" = $1`, [userId])) as {
      squad: string[];
    }[];
    return rows[0]?.squad ?? [];
  }
}
