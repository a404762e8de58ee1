import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { EliteRole, Plan, SignupPlan } from '@touchline/shared';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The identity provider's subject (`sub`); replaces the spec's firebaseUid. */
  @Column({ name: 'identity_id', type: 'varchar', length: 255, unique: true })
  identityId: string;

  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'varchar', length: 32 })
  plan: Plan;

  @Column({ name: 'elite_role', type: 'varchar', length: 32, nullable: true })
  eliteRole: EliteRole | null;

  /** The players' first names, as the coach wrote them (the analysis detects them in the transcript). */
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  squad: string[];

  /** When the current plan was given; a Free Trial ends its trial days after this. */
  @Column({ name: 'plan_started_at', type: 'timestamptz', default: () => 'now()' })
  planStartedAt: Date;

  /** With billing off, the plan the coach asked for at sign-up, until an installation admin answers it. */
  @Column({ name: 'requested_plan', type: 'varchar', length: 32, nullable: true })
  requestedPlan: SignupPlan | null;

  @Column({ name: 'plan_requested_at', type: 'timestamptz', nullable: true })
  planRequestedAt: Date | null;

  /** Shown to the coach until they dismiss it: what a team admin changed about their membership. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  notice: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
