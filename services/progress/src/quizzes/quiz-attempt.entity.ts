import type { QuestionResult, QuizAnswer } from '@academy/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One graded attempt at a chapter quiz; QuizAttemptsRepository writes it with SQL inside the service's locked transaction. */
@Entity({ name: 'quiz_attempts' })
export class QuizAttempt {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ name: 'quiz_id', type: 'uuid' })
  quizId!: string;

  @Column({ name: 'quiz_version', type: 'integer' })
  quizVersion!: number;

  @Column({ name: 'attempt_number', type: 'integer' })
  attemptNumber!: number;

  @Column({ type: 'integer' })
  score!: number;

  @Column({ name: 'max_score', type: 'integer' })
  maxScore!: number;

  @Column({ type: 'smallint' })
  percent!: number;

  @Column({ type: 'boolean' })
  passed!: boolean;

  @Column({ type: 'jsonb' })
  answers!: Record<string, QuizAnswer>;

  @Column({ type: 'jsonb' })
  results!: QuestionResult[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
