import type { GoalComparison, GoalFigure } from '@touchline/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A target a coach sets on one figure of their sessions, to reach by a date. */
@Entity({ name: 'coaching_goals' })
export class GoalEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId: string;

  @Column({ type: 'varchar', length: 40 })
  figure: GoalFigure;

  @Column({ type: 'varchar', length: 8 })
  comparison: GoalComparison;

  @Column({ type: 'double precision' })
  target: number;

  /** A calendar day (YYYY-MM-DD); TypeORM reads a `date` column as that string. */
  @Column({ name: 'target_date', type: 'date' })
  targetDate: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
