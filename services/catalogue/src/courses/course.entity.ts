import type { Board, CourseDraftContent, CourseLanguage, QuizDefinition, Subject } from '@academy/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryColumn, UpdateDateColumn, type Relation, type ValueTransformer } from 'typeorm';

export const CATALOGUE_SCHEMA = 'catalogue';

// pg returns numeric as a string to keep precision; prices have 2 decimals, so a JS number is exact enough.
const numericAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

@Entity({ name: 'courses', schema: CATALOGUE_SCHEMA })
export class CourseEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  title!: string;

  /** Always stored sanitised (sanitizeCourseDescription). */
  @Column('text', { name: 'description_html' })
  descriptionHtml!: string;

  @Column('text', { name: 'thumbnail_url' })
  thumbnailUrl!: string;

  @Column('numeric', { precision: 10, scale: 2, transformer: numericAsNumber })
  price!: number;

  @Column('int')
  discount!: number;

  @Index()
  @Column('text', { name: 'educator_id' })
  educatorId!: string;

  @Column('text', { name: 'educator_name' })
  educatorName!: string;

  @Column('boolean', { name: 'is_published' })
  isPublished!: boolean;

  /** Never published: only its educator sees it; everyone else (the internal routes too) gets a 404. */
  @Column('boolean', { name: 'is_draft', default: false })
  isDraft!: boolean;

  /** What the educator typed while a draft (the form's own values); null once published. */
  @Column('jsonb', { name: 'draft_content', nullable: true })
  draftContent!: CourseDraftContent | null;

  /** Bumped by every saved draft change, so a stale tab's save is refused instead of overwriting newer data. */
  @Column('int', { name: 'draft_version', default: 0 })
  draftVersion!: number;

  // Counters fed by progress's events (seeded until that issue lands).
  @Column('int', { name: 'rating_sum' })
  ratingSum!: number;

  @Column('int', { name: 'rating_count' })
  ratingCount!: number;

  @Column('int', { name: 'student_count' })
  studentCount!: number;

  /** What the course is for (libs/contracts/src/taxonomy.ts); stored defaults 7–12, 'other', 'any'. */
  @Column('smallint', { name: 'class_from', default: 7 })
  classFrom!: number;

  @Column('smallint', { name: 'class_to', default: 12 })
  classTo!: number;

  @Column('text', { default: 'other' })
  subject!: Subject;

  @Column('text', { default: 'any' })
  board!: Board;

  /** What the course is taught in. */
  @Column('text', { default: 'en' })
  language!: CourseLanguage;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @OneToMany(() => ChapterEntity, (chapter) => chapter.course, { cascade: true })
  chapters!: Relation<ChapterEntity[]>;
}

@Entity({ name: 'chapters', schema: CATALOGUE_SCHEMA })
export class ChapterEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'course_id' })
  courseId!: string;

  @ManyToOne(() => CourseEntity, (course) => course.chapters, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'course_id' })
  course!: Relation<CourseEntity>;

  @Column('text')
  title!: string;

  @Column('int', { name: 'chapter_order' })
  chapterOrder!: number;

  /** The chapter's quiz with its key; only progress (internal) and the owner ever get the key. */
  @Column('jsonb', { nullable: true })
  quiz!: QuizDefinition | null;

  @OneToMany(() => LectureEntity, (lecture) => lecture.chapter, { cascade: true })
  lectures!: Relation<LectureEntity[]>;
}

@Entity({ name: 'lectures', schema: CATALOGUE_SCHEMA })
export class LectureEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'chapter_id' })
  chapterId!: string;

  @ManyToOne(() => ChapterEntity, (chapter) => chapter.lectures, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chapter_id' })
  chapter!: Relation<ChapterEntity>;

  @Column('text')
  title!: string;

  @Column('int', { name: 'duration_minutes' })
  durationMinutes!: number;

  @Column('text')
  url!: string;

  @Column('boolean', { name: 'is_preview_free' })
  isPreviewFree!: boolean;

  @Column('text', { name: 'notes_url', nullable: true })
  notesUrl!: string | null;

  @Column('text', { name: 'test_url', nullable: true })
  testUrl!: string | null;

  @Column('int', { name: 'lecture_order' })
  lectureOrder!: number;
}

export const catalogueEntities = [CourseEntity, ChapterEntity, LectureEntity];
