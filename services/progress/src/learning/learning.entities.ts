import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One lecture a learner marked complete (marking twice keeps the first row). */
@Entity({ name: 'lecture_completions' })
export class LectureCompletion {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId!: string;

  @PrimaryColumn({ name: 'lecture_id', type: 'uuid' })
  lectureId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @CreateDateColumn({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}

/** Where a learner stopped in a lecture; the newest row of a course is the last lecture watched. */
@Entity({ name: 'playback_positions' })
export class PlaybackPosition {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId!: string;

  @PrimaryColumn({ name: 'lecture_id', type: 'uuid' })
  lectureId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ name: 'position_seconds', type: 'integer' })
  positionSeconds!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A learner's rating of a course; a later rating replaces it. */
@Entity({ name: 'course_ratings' })
export class CourseRating {
  @PrimaryColumn({ name: 'user_id', type: 'text' })
  userId!: string;

  @PrimaryColumn({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ type: 'smallint' })
  rating!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A certificate of completion, issued once per learner and course; `code` is the public verification code. */
@Entity({ name: 'certificates' })
export class Certificate {
  @PrimaryColumn({ type: 'text' })
  code!: string;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'course_id', type: 'uuid' })
  courseId!: string;

  @Column({ name: 'student_name', type: 'text' })
  studentName!: string;

  @Column({ name: 'course_title', type: 'text' })
  courseTitle!: string;

  @CreateDateColumn({ name: 'issued_at', type: 'timestamptz' })
  issuedAt!: Date;
}

export const learningEntities = [LectureCompletion, PlaybackPosition, CourseRating, Certificate];
