import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A link a coach sends an outside reviewer for one session; only the SHA-256 of its token is stored. */
@Entity({ name: 'review_links' })
export class ReviewLinkEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ name: 'token_hash', type: 'bytea', select: false })
  tokenHash: Buffer;

  @Column({ type: 'varchar', length: 80 })
  label: string;

  /** scrypt, as the embedded provider hashes account passwords; null for a link without a password. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'show_media', type: 'boolean' })
  showMedia: boolean;

  @Column({ name: 'show_transcript', type: 'boolean' })
  showTranscript: boolean;

  @Column({ name: 'show_scores', type: 'boolean' })
  showScores: boolean;

  @Column({ name: 'allow_download', type: 'boolean' })
  allowDownload: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  views: number;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** When the coach was last emailed about new comments on this link. */
  @Column({ name: 'notified_at', type: 'timestamptz', nullable: true })
  notifiedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A link as the token check reads it: with the token's hash, which ordinary reads leave out. */
export type ReviewLinkWithSecrets = ReviewLinkEntity & { tokenHash: Buffer };
