import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { EliteRole, Plan } from '@touchline/shared';

/** An Elite team; its seat count is the plan catalogue's `teamSeats` for Elite. */
@Entity({ name: 'teams' })
export class TeamEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** First names shared by the team: every member's analyses listen for them beside the member's own squad. */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  squad: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** A coach's membership; a user belongs to at most one team. */
@Entity({ name: 'team_members' })
export class TeamMemberEntity {
  @PrimaryColumn({ name: 'team_id', type: 'uuid' })
  teamId: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 32 })
  role: EliteRole;

  /** The plan the coach had before joining, given back when the membership ends; null for a team's founder. */
  @Column({ name: 'previous_plan', type: 'varchar', length: 32, nullable: true })
  previousPlan: Plan | null;

  /** When that plan started, given back with it: a trial resumes with the days it had left, a spent one stays ended. */
  @Column({ name: 'previous_plan_started_at', type: 'timestamptz', nullable: true })
  previousPlanStartedAt: Date | null;

  @Column({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}

/** An email invitation; only the SHA-256 of its token is kept. */
@Entity({ name: 'team_invitations' })
export class TeamInvitationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'team_id', type: 'uuid' })
  teamId: string;

  /** Lower case: the invitation is bound to the address, whatever its case. */
  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 32 })
  role: EliteRole;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ name: 'invited_by', type: 'uuid', nullable: true })
  invitedBy: string | null;

  @Column({ name: 'inviter_name', type: 'varchar', length: 64 })
  inviterName: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt: Date | null;

  @Column({ name: 'accepted_by', type: 'uuid', nullable: true })
  acceptedBy: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
