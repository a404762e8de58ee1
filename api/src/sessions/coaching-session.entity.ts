import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AnalysisWait, MediaType, ProcessingStatus } from '@touchline/shared';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@Entity({ name: 'coaching_sessions' })
export class CoachingSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ name: 'media_type', type: 'varchar', length: 8 })
  mediaType: MediaType;

  /** The name the file had on the coach's device, reduced to safe characters. */
  @Column({ name: 'original_file_name', type: 'varchar', length: 255 })
  originalFileName: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: bigintAsNumber })
  sizeBytes: number;

  /** Detected from the file's bytes when the upload completes. */
  @Column({ name: 'content_type', type: 'varchar', length: 64, nullable: true })
  contentType: string | null;

  /** Where the recording is kept once uploaded. */
  @Column({ name: 'storage_key', type: 'varchar', length: 255, nullable: true })
  storageKey: string | null;

  /** The tus upload currently bound to this session, while it is open. */
  @Column({ name: 'upload_id', type: 'varchar', length: 64, nullable: true, unique: true })
  uploadId: string | null;

  @Column({ name: 'processing_status', type: 'varchar', length: 16, default: 'pending' })
  processingStatus: ProcessingStatus;

  /** Percent of the analysis done while it runs. */
  @Column({ name: 'analysis_progress', type: 'smallint', default: 0 })
  analysisProgress: number;

  /**
   * What the running analysis waits for (the speech recogniser still being installed); null while it is not
   * waiting. Optional only so that records built by hand (tests) need not name it: the database always answers it.
   */
  @Column({ name: 'analysis_waiting', type: 'varchar', length: 16, nullable: true })
  analysisWaiting?: AnalysisWait | null;

  /** Why the analysis failed, in words a coach reads; null unless it failed. */
  @Column({ name: 'failure_reason', type: 'varchar', length: 500, nullable: true })
  failureReason: string | null;

  /** Whether trying the failed analysis again can succeed; false for a recording that cannot be analysed. */
  @Column({ name: 'failure_retryable', type: 'boolean', default: true })
  failureRetryable: boolean;

  @Column({ name: 'uploaded_at', type: 'timestamptz', nullable: true })
  uploadedAt: Date | null;

  /** The recording's length as its analysis measured it; null until analysed. Counts against monthly upload minutes. */
  @Column({ name: 'recording_seconds', type: 'numeric', precision: 10, scale: 1, nullable: true, transformer: bigintAsNumber })
  recordingSeconds: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
