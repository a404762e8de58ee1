import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A reviewer's comment pinned to a moment of the recording, or a reply to one. */
@Entity({ name: 'review_comments' })
export class ReviewCommentEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'link_id', type: 'uuid' })
  linkId: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ name: 'parent_id', type: 'uuid', nullable: true })
  parentId: string | null;

  @Column({ name: 'author_name', type: 'varchar', length: 60 })
  authorName: string;

  @Column({ type: 'varchar', length: 2000 })
  body: string;

  @Column({ name: 'start_seconds', type: 'double precision' })
  startSeconds: number;

  @Column({ name: 'end_seconds', type: 'double precision', nullable: true })
  endSeconds: number | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
