import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An account of the embedded OpenID provider. Its id is the `sub` of its tokens. */
@Entity({ name: 'identity_accounts' })
export class IdentityAccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  /** Username and plan from /signup, for finishing registration from any browser (see signup-profile.ts). */
  @Column({ name: 'signup_username', type: 'varchar', length: 50, nullable: true })
  signupUsername: string | null;

  @Column({ name: 'signup_plan', type: 'varchar', length: 32, nullable: true })
  signupPlan: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
