import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A parent linked to a child (many-to-many); created by redeeming the child's code, removed by either. */
@Entity({ name: 'parent_links' })
export class ParentLink {
  @PrimaryColumn({ name: 'parent_id', type: 'text' })
  parentId!: string;

  @PrimaryColumn({ name: 'child_id', type: 'text' })
  childId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A child's one-time link code; only its SHA-256 hash is stored. */
@Entity({ name: 'link_codes' })
export class LinkCode {
  @PrimaryColumn({ name: 'code_hash', type: 'text' })
  codeHash!: string;

  @Column({ name: 'child_id', type: 'text' })
  childId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'used_by', type: 'text', nullable: true })
  usedBy!: string | null;
}

/** Which emails a parent gets (no row: all of them). */
@Entity({ name: 'parent_email_settings' })
export class ParentEmailSettings {
  @PrimaryColumn({ name: 'parent_id', type: 'text' })
  parentId!: string;

  @Column({ name: 'weekly_progress', type: 'boolean', default: true })
  weeklyProgress!: boolean;

  @Column({ type: 'boolean', default: true })
  milestones!: boolean;

  /** Alert after this many quiet days (null: no such alert). */
  @Column({ name: 'inactivity_days', type: 'integer', nullable: true, default: 3 })
  inactivityDays!: number | null;

  /** Alert when a child fails a quiz twice. */
  @Column({ name: 'quiz_alerts', type: 'boolean', default: true })
  quizAlerts!: boolean;
}
