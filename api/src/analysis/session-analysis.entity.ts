import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { TalkMetrics } from './talk-metrics';
import type { Segment } from './speech-segments';

/** The result of analysing one session; written once, when the analysis completes. */
@Entity({ name: 'session_analyses' })
export class SessionAnalysisEntity {
  @PrimaryColumn({ name: 'session_id', type: 'uuid' })
  sessionId: string;

  @Column({ type: 'jsonb' })
  metrics: TalkMetrics;

  @Column({ type: 'jsonb' })
  segments: Segment[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
