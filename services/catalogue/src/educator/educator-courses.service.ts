import {
  DEFAULT_COURSE_LANGUAGE,
  DEFAULT_COURSE_TAXONOMY,
  COURSE_LANGUAGES,
  type CourseLanguage,
  DRAFT_CONFLICT_MESSAGE,
  EDUCATOR_COURSES_MAX,
  sameQuizContent,
  type CourseDraftContent,
  type CourseTaxonomy,
  type CourseUpdate,
  type EducatorCourseDetail,
  type NewCourse,
  type QuizDefinition,
} from '@academy/contracts';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { DataSource, Repository } from 'typeorm';
import { isProtectedFile, isUploadedVideo, protectedFilePath } from '@academy/service-core';
import { BadRequestException } from '@nestjs/common';
import { toAuthoredChapters, type LectureLinkAudience } from '../courses/course-mapper.js';
import { CourseCache } from '../courses/course-cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { sanitizeCourseDescription } from '../courses/sanitize-course-description.js';
import { ChapterEntity, CourseEntity, LectureEntity } from '../courses/course.entity.js';
import { lectureFileFolder, lectureFilesOf } from './lecture-file-store.js';

/** The owner's course for the edit form; paid files come as links signed for the owner (`audience`). */
export function toEducatorCourseDetail(course: CourseEntity, audience: LectureLinkAudience): EducatorCourseDetail {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseDescription: course.descriptionHtml,
    courseThumbnail: course.thumbnailUrl,
    coursePrice: course.price,
    discount: course.discount,
    isPublished: course.isPublished,
    createdAt: course.createdAt.toISOString(),
    classFrom: course.classFrom,
    classTo: course.classTo,
    subject: course.subject,
    board: course.board,
    language: course.language,
    courseContent: toAuthoredChapters(course.chapters, audience),
  };
}

/** The taxonomy a payload sets; a field left out keeps `fallback` (the stored value, or the defaults on create). */
function taxonomyOf(input: Partial<CourseTaxonomy>, fallback: CourseTaxonomy): CourseTaxonomy {
  const classFrom = input.classFrom ?? fallback.classFrom;
  const classTo = input.classTo ?? (input.classFrom !== undefined ? Math.max(input.classFrom, fallback.classTo) : fallback.classTo);
  if (classTo < classFrom) throw new BadRequestException('Class (to) cannot be below Class (from)');
  return { classFrom, classTo, subject: input.subject ?? fallback.subject, board: input.board ?? fallback.board };
}

export const PROTECTED_FILE_NOT_OWNED_MESSAGE = 'A paid lecture file can only stay on the lecture it belongs to';

type LectureLinks = { lectureId?: string; lectureUrl: string; notesUrl: string | null; testUrl: string | null };

/**
 * The form sends back the signed links it was given: they are stored bare again. A protected file may only stay on
 * the lecture (same id) of this course that already had it, so no one can point their course at another's files.
 */
export function storedLectureLinks<T extends { courseContent: ReadonlyArray<{ chapterContent: ReadonlyArray<LectureLinks> }> }>(
  input: T,
  current: CourseEntity | null,
): T {
  const owned = new Map<string, Set<string>>();
  for (const lecture of current?.chapters.flatMap((chapter) => chapter.lectures) ?? []) {
    owned.set(lecture.id, new Set([lecture.url, lecture.notesUrl, lecture.testUrl].filter(isProtectedFile)));
  }
  // Notes and tests uploaded to this course (its own folder) may go on any of its lectures.
  const ownFolder = current ? lectureFileFolder(current.id) : null;
  const keep = <U extends string | null>(url: U, lectureId: string | undefined, field: string, isVideoField = false): U => {
    if (!isProtectedFile(url)) return url;
    const bare = protectedFilePath(url);
    // An uploaded video may go on any lecture of its own educator (the controller checks whose it is).
    if (isVideoField && isUploadedVideo(bare)) return bare as U;
    if (!isVideoField && ownFolder && bare.startsWith(ownFolder) && !bare.slice(ownFolder.length).includes('/')) return bare as U;
    if (!lectureId || !owned.get(lectureId)?.has(bare)) throw new BadRequestException(`${field}: ${PROTECTED_FILE_NOT_OWNED_MESSAGE}`);
    return bare as U;
  };
  return {
    ...input,
    courseContent: input.courseContent.map((chapter, chapterIndex) => ({
      ...chapter,
      chapterContent: chapter.chapterContent.map((lecture, lectureIndex) => {
        const field = `courseContent.${chapterIndex}.chapterContent.${lectureIndex}`;
        return {
          ...lecture,
          lectureUrl: keep(lecture.lectureUrl, lecture.lectureId, `${field}.lectureUrl`, true),
          notesUrl: keep(lecture.notesUrl, lecture.lectureId, `${field}.notesUrl`),
          testUrl: keep(lecture.testUrl, lecture.lectureId, `${field}.testUrl`),
        };
      }),
    })),
  };
}

/** A lecture's stored columns from the authoring payload; its order follows its position in the chapter. */
function lectureColumns(lecture: NewCourse['courseContent'][number]['chapterContent'][number], lectureIndex: number) {
  return {
    title: lecture.lectureTitle,
    durationMinutes: lecture.lectureDuration,
    url: lecture.lectureUrl,
    isPreviewFree: lecture.isPreviewFree,
    notesUrl: lecture.notesUrl,
    testUrl: lecture.testUrl,
    lectureOrder: lectureIndex + 1,
  };
}

/**
 * The quiz to store for a chapter. An authored quiz whose id this course already had keeps its id; it keeps its
 * version when nothing in it changed and gets the next version otherwise, so attempts graded against the earlier
 * version keep their meaning (they store their version and score). Question ids are kept when sent back.
 */
export function storedQuiz(input: NewCourse['courseContent'][number]['quiz'], previous: QuizDefinition | undefined): QuizDefinition | null {
  if (!input) return null;
  const knownQuestions = new Set(previous?.questions.map((question) => question.questionId) ?? []);
  const usedQuestions = new Set<string>();
  const content = {
    title: input.title,
    passMark: input.passMark,
    attemptLimit: input.attemptLimit,
    questions: input.questions.map((question) => {
      const keep = question.questionId && knownQuestions.has(question.questionId) && !usedQuestions.has(question.questionId);
      if (keep) usedQuestions.add(question.questionId!);
      const isNumeric = question.kind === 'numeric';
      return {
        questionId: keep ? question.questionId! : randomUUID(),
        kind: question.kind,
        prompt: question.prompt,
        points: question.points,
        explanation: question.explanation,
        choices: isNumeric ? [] : question.choices.map((choice) => ({ text: choice.text, correct: choice.correct })),
        answer: isNumeric ? question.answer ?? null : null,
        tolerance: isNumeric ? question.tolerance ?? 0 : null,
      };
    }),
  };
  if (!previous) return { quizId: randomUUID(), version: 1, ...content };
  if (sameQuizContent(previous, content)) return previous;
  return { quizId: previous.quizId, version: previous.version + 1, ...content };
}

/** Every link (video, notes, test) a course's lectures store, published content or draft. */
export function storedLinksOf(course: Pick<CourseEntity, 'chapters' | 'draftContent'>): string[] {
  const published = course.chapters?.flatMap((chapter) => chapter.lectures.flatMap((lecture) => [lecture.url, lecture.notesUrl, lecture.testUrl])) ?? [];
  const draft = course.draftContent?.courseContent.flatMap((chapter) => chapter.chapterContent.flatMap((lecture) => [lecture.lectureUrl, lecture.notesUrl, lecture.testUrl])) ?? [];
  return [...published, ...draft].filter((link): link is string => typeof link === 'string');
}

/**
 * A draft shown as a course (the edit form's and the preview's shape): what it has so far, typed numbers read as
 * numbers (0 when missing or unreadable). Lecture and chapter ids are made up for the answer.
 */
export function draftAsCourse(course: CourseEntity): CourseEntity {
  const draft = course.draftContent;
  if (!draft) return course;
  const number = (typed: string) => (Number.isFinite(Number(typed)) && typed.trim() !== '' ? Number(typed) : 0);
  const chapters = draft.courseContent.map((chapter, chapterIndex) => {
    const chapterId = randomUUID();
    return {
      id: chapterId,
      courseId: course.id,
      title: chapter.chapterTitle,
      chapterOrder: chapterIndex + 1,
      quiz: storedQuiz(chapter.quiz, undefined),
      lectures: chapter.chapterContent.map((lecture, lectureIndex) => ({ id: randomUUID(), chapterId, ...lectureColumns(lecture, lectureIndex) })),
    };
  }) as unknown as ChapterEntity[];
  return Object.assign(new CourseEntity(), course, {
    title: draft.fields.courseTitle.trim(),
    descriptionHtml: sanitizeCourseDescription(draft.fields.courseDescription),
    price: number(draft.fields.coursePrice),
    discount: number(draft.fields.discount),
    ...(isCourseLanguage(draft.fields.language) ? { language: draft.fields.language } : {}),
    chapters,
  });
}

const isCourseLanguage = (value: string | undefined): value is CourseLanguage => (COURSE_LANGUAGES as readonly string[]).includes(value ?? '');

/** Equal as stored: jsonb orders an object's keys its own way and drops undefined ones. */
function sameContent(stored: unknown, sent: unknown): boolean {
  return isDeepStrictEqual(stored, JSON.parse(JSON.stringify(sent)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Authoring of an educator's own courses: create, list, edit, publish. Someone else's course is answered like a missing one (404). */
@Injectable()
export class EducatorCoursesService {
  constructor(
    @InjectRepository(CourseEntity) private readonly courses: Repository<CourseEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly courseRows: CoursesRepository,
    private readonly cache: CourseCache,
  ) {}

  /** How many courses the educator has, published or not (drafts are not courses yet). */
  countCourses(educatorId: string): Promise<number> {
    return this.courseRows.countByEducator(educatorId);
  }

  /** Newest first, at most EDUCATOR_COURSES_MAX (clamped: an educator past it sees the newest). */
  listByEducator(educatorId: string): Promise<CourseEntity[]> {
    return this.courses.find({ where: { educatorId }, order: { createdAt: 'DESC', id: 'DESC' }, take: EDUCATOR_COURSES_MAX });
  }

  /**
   * Creates a course, published unless `isPublished` is false (a lecture video still processing); the description is
   * sanitised here, orders follow the array positions.
   */
  async create(input: NewCourse, educator: { id: string; name: string }, thumbnailUrl: string, isPublished = true): Promise<CourseEntity> {
    const saved = await this.dataSource.transaction(async (manager) => {
      const courseId = randomUUID();
      const course = manager.create(CourseEntity, {
        id: courseId,
        title: input.courseTitle,
        descriptionHtml: sanitizeCourseDescription(input.courseDescription),
        thumbnailUrl,
        price: input.coursePrice,
        discount: input.discount,
        ...taxonomyOf(input, DEFAULT_COURSE_TAXONOMY),
        language: input.language ?? DEFAULT_COURSE_LANGUAGE,
        educatorId: educator.id,
        educatorName: educator.name,
        isPublished,
        ratingSum: 0,
        ratingCount: 0,
        studentCount: 0,
        chapters: input.courseContent.map((chapter, chapterIndex) => ({
          id: randomUUID(),
          courseId,
          title: chapter.chapterTitle,
          chapterOrder: chapterIndex + 1,
          quiz: storedQuiz(chapter.quiz, undefined),
          lectures: chapter.chapterContent.map((lecture, lectureIndex) => ({ id: randomUUID(), ...lectureColumns(lecture, lectureIndex) })),
        })),
      });
      return manager.save(course);
    });
    await this.cache.invalidate(); // a new course shows at once on every replica
    return saved;
  }

  async findOwned(courseId: string, educatorId: string): Promise<CourseEntity> {
    const course = UUID.test(courseId)
      ? await this.courses.findOne({
          where: { id: courseId, educatorId },
          relations: { chapters: { lectures: true } },
          order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
        })
      : null;
    if (!course) throw new NotFoundException('Course not found');
    return course;
  }

  /**
   * Replaces title, description (sanitised), price, discount, content and, when given, the thumbnail. Chapters and
   * lectures keep their ids when the client sends back an id this course already had; orders follow array positions.
   */
  async update(courseId: string, educatorId: string, input: CourseUpdate, thumbnailUrl: string | null): Promise<CourseEntity> {
    if (!UUID.test(courseId)) throw new NotFoundException('Course not found');
    const updated = await this.dataSource.transaction(async (manager) => {
      // Row lock: two saves of the same course run one after the other instead of interleaving delete and insert.
      await this.courseRows.lock(manager, courseId);
      const course = await manager.findOne(CourseEntity, {
        where: { id: courseId, educatorId },
        relations: { chapters: { lectures: true } },
      });
      if (!course) throw new NotFoundException('Course not found');
      const existingTaxonomy: CourseTaxonomy = { classFrom: course.classFrom, classTo: course.classTo, subject: course.subject, board: course.board };
      const chapterIds = new Set(course.chapters.map((chapter) => chapter.id));
      const lectureIds = new Set(course.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => lecture.id)));
      const used = new Set<string>();
      const quizzes = new Map(course.chapters.flatMap((chapter) => (chapter.quiz ? [[chapter.quiz.quizId, chapter.quiz] as const] : [])));
      const previousQuiz = (quizId: string | undefined): QuizDefinition | undefined => {
        const found = quizId ? quizzes.get(quizId) : undefined;
        if (found) quizzes.delete(found.quizId); // one quiz id stays in one chapter
        return found;
      };
      const keep = (id: string | undefined, known: Set<string>): string => {
        if (id && known.has(id) && !used.has(id)) {
          used.add(id);
          return id;
        }
        return randomUUID();
      };

      await manager.delete(ChapterEntity, { courseId }); // lectures go with them (ON DELETE CASCADE)
      await manager.update(CourseEntity, { id: courseId }, {
        title: input.courseTitle,
        descriptionHtml: sanitizeCourseDescription(input.courseDescription),
        price: input.coursePrice,
        discount: input.discount,
        ...taxonomyOf(input, existingTaxonomy),
        ...(input.language ? { language: input.language } : {}),
        ...(thumbnailUrl ? { thumbnailUrl } : {}),
      });
      const chapters = input.courseContent.map((chapter, chapterIndex) => {
        const chapterId = keep(chapter.chapterId, chapterIds);
        return manager.create(ChapterEntity, {
          id: chapterId,
          courseId,
          title: chapter.chapterTitle,
          chapterOrder: chapterIndex + 1,
          quiz: storedQuiz(chapter.quiz, previousQuiz(chapter.quiz?.quizId)),
          lectures: chapter.chapterContent.map((lecture, lectureIndex) =>
            manager.create(LectureEntity, { id: keep(lecture.lectureId, lectureIds), chapterId, ...lectureColumns(lecture, lectureIndex) }),
          ),
        });
      });
      await manager.save(ChapterEntity, chapters);
      return course;
    });
    await this.cache.invalidate();
    return updated;
  }

  /** The caller's draft (404 when it is not theirs or no longer a draft). */
  async findOwnedDraft(courseId: string, educatorId: string): Promise<CourseEntity> {
    const course = await this.findOwned(courseId, educatorId);
    if (!course.isDraft) throw new NotFoundException('Draft not found');
    return course;
  }

  /**
   * Saves a draft's content under the version the client last saw (0 creates the draft, owned by the caller, under
   * the id the client chose: a retried creation finds its own draft). A stale version is a 409 unless the content is
   * what is stored already (a retry whose answer was lost). Returns the new version and the links no longer used.
   */
  async saveDraft(
    courseId: string,
    educator: { id: string; name: string },
    baseVersion: number,
    content: CourseDraftContent,
  ): Promise<{ version: number; savedAt: Date; unusedLinks: string[] }> {
    if (!UUID.test(courseId)) throw new NotFoundException('Course not found');
    return this.dataSource.transaction(async (manager) => {
      const locked = await this.courseRows.lock(manager, courseId);
      if (!locked) {
        if (baseVersion !== 0) throw new NotFoundException('Draft not found');
        // The client sends one save at a time, so a first save is never raced by another of the same draft.
        const created = await manager.save(
          manager.create(CourseEntity, {
            id: courseId,
            title: content.fields.courseTitle.trim(),
            descriptionHtml: '',
            thumbnailUrl: '',
            price: 0,
            discount: 0,
            ...DEFAULT_COURSE_TAXONOMY,
            educatorId: educator.id,
            educatorName: educator.name,
            isPublished: false,
            isDraft: true,
            draftContent: content,
            draftVersion: 1,
            ratingSum: 0,
            ratingCount: 0,
            studentCount: 0,
          }),
        );
        return { version: 1, savedAt: created.updatedAt, unusedLinks: [] };
      }
      const course = await manager.findOne(CourseEntity, { where: { id: courseId, educatorId: educator.id } });
      if (!course || !course.isDraft) throw new NotFoundException('Draft not found');
      if (course.draftVersion !== baseVersion) {
        if (sameContent(course.draftContent, content)) return { version: course.draftVersion, savedAt: course.updatedAt, unusedLinks: [] };
        throw new ConflictException(DRAFT_CONFLICT_MESSAGE);
      }
      const version = course.draftVersion + 1;
      await manager.update(CourseEntity, { id: courseId }, { draftContent: content, draftVersion: version, title: content.fields.courseTitle.trim() });
      const before = lectureFilesOf(courseId, storedLinksOf({ chapters: [], draftContent: course.draftContent }));
      const after = lectureFilesOf(courseId, storedLinksOf({ chapters: [], draftContent: content }));
      const saved = await manager.findOneByOrFail(CourseEntity, { id: courseId });
      return { version, savedAt: saved.updatedAt, unusedLinks: [...before].filter((link) => !after.has(link)) };
    });
  }

  /** Sets a course's thumbnail; returns the one it replaces. */
  async setThumbnail(courseId: string, educatorId: string, thumbnailUrl: string): Promise<string> {
    const course = await this.findOwned(courseId, educatorId);
    await this.courses.update({ id: courseId, educatorId }, { thumbnailUrl });
    if (course.isPublished) await this.cache.invalidate();
    return course.thumbnailUrl;
  }

  /** A draft becomes a published course: its content is stored as an edit would store it, then it goes live. */
  async publishDraft(courseId: string, educatorId: string, input: CourseUpdate): Promise<void> {
    await this.update(courseId, educatorId, input, null);
    const result = await this.courses.update({ id: courseId, educatorId, isDraft: true }, { isDraft: false, isPublished: true, draftContent: null });
    if (!result.affected) throw new NotFoundException('Draft not found');
    await this.cache.invalidate();
  }

  async setPublished(courseId: string, educatorId: string, isPublished: boolean): Promise<void> {
    if (!UUID.test(courseId)) throw new NotFoundException('Course not found');
    const result = await this.courses.update({ id: courseId, educatorId }, { isPublished });
    if (!result.affected) throw new NotFoundException('Course not found');
    await this.cache.invalidate();
  }
}
