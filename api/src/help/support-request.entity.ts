import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message sent to the club's support from the Contact page. */
@Entity({ name: 'support_requests' })
export class SupportRequestEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** What the sender is told and what the support mail's subject carries, e.g. "TL-7K3M9QXA". */
  @Column({ type: 'varchar', length: 16, unique: true })
  reference: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 40 })
  topic: string;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
