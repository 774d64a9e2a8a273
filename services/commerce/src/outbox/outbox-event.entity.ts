import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An event written in the same transaction as the change it describes; a relay moves it to a queue. */
@Entity({ name: 'outbox' })
export class OutboxEvent {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Queue the relay sends it to. */
  @Column({ type: 'text' })
  queue!: string;

  /** Job name on that queue. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;
}
