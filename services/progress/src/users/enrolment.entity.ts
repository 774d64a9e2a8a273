import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A learner's access to a course, granted once per paid (or free) purchase. */
@Entity({ name: 'enrolments' })
@Index(['userId', 'courseId'], { unique: true })
export class Enrolment {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  /** Idempotency key: commerce may ask to enrol the same purchase more than once. */
  @Column({ name: 'purchase_id', type: 'uuid', unique: true })
  purchaseId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
