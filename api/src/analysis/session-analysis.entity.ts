import type { CategoryScoreDto, CoachingStyle, CodedUtteranceDto, TranscriberName } from '@touchline/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Segment } from './pipeline/speech-segments';
import type { TalkMetrics } from './pipeline/talk-metrics';

/** The result of analysing one session; written once, when the analysis completes. */
@Entity({ name: 'session_analyses' })
export class SessionAnalysisEntity {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'jsonb' })
  metrics: TalkMetrics;

  @Column({ type: 'jsonb' })
  segments: Segment[];

  @Column({ type: 'varchar', length: 20, default: 'none' })
  transcriber: TranscriberName;

  /** Null exactly when the transcriber is `none`. */
  @Column({ type: 'jsonb', nullable: true })
  transcript: CodedUtteranceDto[] | null;

  /** Null only for analyses written before the rubric existed; the report scores those when it is read. */
  @Column({ name: 'coaching_style', type: 'varchar', length: 20, nullable: true })
  coachingStyle: CoachingStyle | null;

  @Column({ type: 'jsonb', nullable: true })
  scores: CategoryScoreDto[] | null;

  @Column({ name: 'rubric_version', type: 'varchar', length: 40, nullable: true })
  rubricVersion: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
