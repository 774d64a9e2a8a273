import {
  ALREADY_REVIEWED_MESSAGE,
  ASSIGNMENT_FILE_TYPES,
  ASSIGNMENT_NOT_FOUND_MESSAGE,
  ASSIGNMENT_REVIEWED_EVENT,
  CHAPTER_NOT_IN_COURSE_MESSAGE,
  marksRangeMessage,
  NOT_IN_COURSE_ASSIGNMENTS_MESSAGE,
  ONLY_EDUCATOR_SETS_ASSIGNMENTS_MESSAGE,
  SUBMISSION_ALREADY_REVIEWED_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  SUBMISSIONS_PAGE_SIZE,
  SUBMIT_FILE_OR_TEXT_MESSAGE,
  type Assignment,
  type AssignmentFileKind,
  type AssignmentForMember,
  type AssignmentReviewedEvent,
  type AssignmentSubmission,
  type InboxSubmissionPage,
  type InternalCourse,
  type ParsedAssignmentInput,
  type ReviewSubmissionRequest,
} from '@academy/contracts';
import {
  decodeKeysetCursor,
  encodeKeysetCursor,
  MEDIA_LINKS,
  MediaLinks,
  OBJECT_STORAGE,
  OutboxWriter,
  type AuthUser,
  type ObjectStorage,
} from '@academy/service-core';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { renderDoubtText } from '../doubts/doubt-text.js';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService } from '../learning/learning.service.js';
import { acceptedFileKind, displayFileName, submissionFileLocation } from './assignment-files.js';
import { AssignmentsRepository, type AssignmentRow, type SubmissionRow } from './assignments.repository.js';

export const ONLY_LEARNERS_SUBMIT_MESSAGE = 'Only enrolled learners hand in assignments';

/** Who the caller is in a course: its educator or an enrolled learner (anyone else: 403). */
export interface CourseMember {
  userId: string;
  name: string;
  isEducator: boolean;
  course: InternalCourse;
}

/** `paid/submissions/…` ⇄ `/api/files/submissions/…`: catalogue serves the file once the link's signature checks. */
const fileUrlOfKey = (key: string): string => `/api/files/${key.slice('paid/'.length)}`;

/**
 * Chapter assignments and hand-ins. Definitions live here, beside the submissions and reviews they gate (see
 * docs/doubts-and-assignments.md): catalogue is asked only who a course's educator is and which chapters it has.
 */
@Injectable()
export class AssignmentsService {
  private readonly logger = new Logger(AssignmentsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly assignments: AssignmentsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
    private readonly outbox: OutboxWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(MEDIA_LINKS) private readonly links: MediaLinks,
  ) {}

  async member(user: AuthUser, courseId: string): Promise<CourseMember> {
    const course = await this.catalogue.course(courseId);
    const isEducator = course.educatorId === user.id;
    if (!isEducator && !(await this.learning.isEnrolled(user.id, courseId))) throw new ForbiddenException(NOT_IN_COURSE_ASSIGNMENTS_MESSAGE);
    return { userId: user.id, name: user.name || 'Learner', isEducator, course };
  }

  /** 403 unless the caller is the course's educator. */
  async educatorOf(user: AuthUser, courseId: string): Promise<CourseMember> {
    const course = await this.catalogue.course(courseId);
    if (course.educatorId !== user.id) throw new ForbiddenException(ONLY_EDUCATOR_SETS_ASSIGNMENTS_MESSAGE);
    return { userId: user.id, name: user.name || course.educatorName, isEducator: true, course };
  }

  /** The course's assignments in chapter order; a learner's own hand-in with each, or the educator's counts. */
  async list(member: CourseMember): Promise<AssignmentForMember[]> {
    const rows = await this.assignments.listForCourse(member.course._id);
    const chapterOrder = new Map(member.course.courseContent.map((chapter) => [chapter.chapterId, chapter.chapterOrder]));
    const current = rows.filter((row) => chapterOrder.has(row.chapter_id)).sort((a, b) => chapterOrder.get(a.chapter_id)! - chapterOrder.get(b.chapter_id)!);
    if (member.isEducator) {
      const counts = await this.assignments.submissionCounts(member.course._id);
      return current.map((row) => ({
        ...this.assignment(row),
        mySubmission: null,
        counts: { awaitingReview: counts.get(row.id)?.awaiting ?? 0, reviewed: counts.get(row.id)?.reviewed ?? 0 },
      }));
    }
    const mine = await this.assignments.submissionsOf(member.course._id, member.userId);
    const byAssignment = new Map(mine.map((row) => [row.assignment_id, row]));
    return current.map((row) => {
      const submission = byAssignment.get(row.id);
      return { ...this.assignment(row), mySubmission: submission ? this.submission(submission, member.userId) : null, counts: null };
    });
  }

  async create(member: CourseMember, input: ParsedAssignmentInput): Promise<Assignment> {
    this.assertChapter(member.course, input.chapterId);
    return this.assignment(await this.assignments.insert(member.course._id, input));
  }

  /**
   * Changes an assignment. Max marks cannot go below marks already given (400), so a reviewed hand-in's marks
   * always stay within its assignment's maximum.
   */
  async update(member: CourseMember, assignmentId: string, input: ParsedAssignmentInput): Promise<Assignment> {
    this.assertChapter(member.course, input.chapterId);
    return this.dataSource.transaction(async (manager) => {
      await this.find(manager, member.course._id, assignmentId, true);
      const highest = await this.assignments.highestMarks(manager, assignmentId);
      if (highest !== null && Number(highest) > input.maxMarks) {
        throw new BadRequestException(`Max marks cannot be below the ${highest} marks already given`);
      }
      return this.assignment(await this.assignments.update(manager, assignmentId, input));
    });
  }

  /** Takes the assignment out of the course (and of completion); hand-ins already made are kept. */
  async remove(member: CourseMember, assignmentId: string): Promise<void> {
    if (!(await this.assignments.remove(member.course._id, assignmentId))) throw new NotFoundException(ASSIGNMENT_NOT_FOUND_MESSAGE);
  }

  /**
   * Hands in (or replaces, until reviewed) the learner's work: a file whose bytes are an accepted kind, a written
   * answer, or both. Refused with nothing written: no content (400), a file of another kind (415) or too big (413),
   * work already reviewed (409). The file is stored before the row; if the row then cannot be written, it is removed.
   */
  async submit(member: CourseMember, assignmentId: string, upload: { bytes: Buffer; name: string | undefined } | null, text: string | undefined): Promise<AssignmentSubmission> {
    if (member.isEducator) throw new ForbiddenException(ONLY_LEARNERS_SUBMIT_MESSAGE);
    const assignment = await this.find(this.dataSource.manager, member.course._id, assignmentId);
    const writtenText = text?.trim() ? text.trim() : null;
    if (!upload && !writtenText) throw new BadRequestException(SUBMIT_FILE_OR_TEXT_MESSAGE);
    await this.assertNotReviewed(this.dataSource.manager, assignmentId, member.userId);
    const kind = upload ? await acceptedFileKind(upload.bytes, assignment.accepted_file_types as AssignmentFileKind[]) : null;
    const stored = upload && kind ? submissionFileLocation(member.course._id, assignmentId, randomUUID(), kind) : null;
    if (upload && kind && stored) {
      await this.storage.put(stored.key, upload.bytes, { contentType: ASSIGNMENT_FILE_TYPES[kind].mime, cacheControl: 'private, no-store' });
    }
    let replacedKey: string | null = null;
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        await this.learning.lockEnrolment(manager, member.userId, member.course._id);
        const previous = await this.assertNotReviewed(manager, assignmentId, member.userId);
        replacedKey = previous?.file_key ?? null;
        return this.assignments.saveSubmission(manager, {
          assignmentId,
          courseId: member.course._id,
          learnerId: member.userId,
          learnerName: member.name,
          educatorId: member.course.educatorId,
          text: writtenText,
          textHtml: writtenText ? renderDoubtText(writtenText) : null,
          fileKey: stored?.key ?? null,
          fileName: upload && kind ? displayFileName(upload.name, kind) : null,
          fileKind: kind,
          fileBytes: upload?.bytes.length ?? null,
        });
      });
      if (replacedKey && replacedKey !== stored?.key) await this.forget(replacedKey);
      return this.submission(row, member.userId);
    } catch (error) {
      if (stored) await this.forget(stored.key);
      throw error;
    }
  }

  /**
   * Marks and feedback on a hand-in, once: a second review is refused (409). In the same transaction: the
   * `assignment.reviewed` event and, when this was the learner's last step, `course.completed`.
   */
  async review(member: CourseMember, assignmentId: string, submissionId: string, body: ReviewSubmissionRequest): Promise<AssignmentSubmission> {
    const assignment = await this.find(this.dataSource.manager, member.course._id, assignmentId);
    if (body.marks > assignment.max_marks) throw new BadRequestException(marksRangeMessage(assignment.max_marks));
    const found = await this.assignments.submissionState(submissionId, assignmentId);
    if (!found) throw new NotFoundException(SUBMISSION_NOT_FOUND_MESSAGE);
    if (found.reviewed) throw new ConflictException(SUBMISSION_ALREADY_REVIEWED_MESSAGE);
    const { learnerId } = found;
    const row = await this.dataSource.transaction(async (manager) => {
      // The learner's enrolment row orders this with their lectures and quizzes, so the last step makes one event.
      await this.assignments.lockEnrolmentIfAny(manager, learnerId, member.course._id);
      const reviewed = await this.assignments.markReviewed(manager, {
        submissionId, assignmentId, marks: body.marks, feedback: body.feedback, feedbackHtml: renderDoubtText(body.feedback),
      });
      if (!reviewed) throw new ConflictException(SUBMISSION_ALREADY_REVIEWED_MESSAGE);
      const event: AssignmentReviewedEvent = {
        eventId: randomUUID(),
        courseId: member.course._id,
        assignmentId,
        submissionId,
        learnerId,
        marks: body.marks,
        maxMarks: assignment.max_marks,
      };
      await this.outbox.add(manager, { topic: ASSIGNMENT_REVIEWED_EVENT, payload: event, key: submissionId });
      await this.learning.recordCompletionIfComplete(manager, learnerId, member.course);
      return reviewed;
    });
    return this.submission(row, member.userId);
  }

  /** Hand-ins of the educator's courses waiting for review, oldest first, a keyset page at a time. */
  async awaitingReview(educatorId: string, query: { courseId?: string | undefined; cursor?: string | undefined }): Promise<InboxSubmissionPage> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
    const rows = await this.assignments.awaitingReview(educatorId, query.courseId ?? null, after, SUBMISSIONS_PAGE_SIZE + 1);
    const page = rows.slice(0, SUBMISSIONS_PAGE_SIZE);
    const courses = await this.catalogue.courses(page.map((row) => row.course_id));
    const last = page.at(-1);
    return {
      submissions: page.map((row) => {
        const course = courses.get(row.course_id);
        const chapter = course?.courseContent.find((entry) => entry.chapterId === row.chapter_id);
        return {
          ...this.submission(row, educatorId),
          courseTitle: course?.courseTitle ?? 'Course no longer listed',
          assignmentTitle: row.assignment_title,
          chapterTitle: chapter?.chapterTitle ?? '',
          maxMarks: Number(row.max_marks),
        };
      }),
      nextCursor: rows.length > SUBMISSIONS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** How many hand-ins wait for the educator's review (the dashboard's "Awaiting review"). */
  awaitingReviewCount(educatorId: string): Promise<number> {
    return this.assignments.awaitingReviewCount(educatorId);
  }

  /** A learner's reviewed hand-ins in the given courses, for their linked parent (file links signed for the parent). */
  async reviewedFor(learnerId: string, courseIds: readonly string[], viewerId: string): Promise<AssignmentSubmission[]> {
    if (courseIds.length === 0) return [];
    const rows = await this.assignments.reviewedOf(learnerId, courseIds);
    return rows.map((row) => this.submission(row, viewerId));
  }

  private assertChapter(course: InternalCourse, chapterId: string): void {
    if (!course.courseContent.some((chapter) => chapter.chapterId === chapterId)) throw new BadRequestException(CHAPTER_NOT_IN_COURSE_MESSAGE);
  }

  private async find(manager: EntityManager, courseId: string, assignmentId: string, lock = false): Promise<AssignmentRow> {
    const row = await this.assignments.find(manager, courseId, assignmentId, { lock });
    if (!row) throw new NotFoundException(ASSIGNMENT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** The learner's current hand-in (locked in a transaction); 409 once it has been reviewed. */
  private async assertNotReviewed(manager: EntityManager, assignmentId: string, learnerId: string): Promise<{ file_key: string | null } | undefined> {
    const row = await this.assignments.currentSubmission(manager, assignmentId, learnerId);
    if (row?.reviewed_at) throw new ConflictException(ALREADY_REVIEWED_MESSAGE);
    return row;
  }

  /** Removes a stored file no row points at; a failure is logged (an orphan costs storage, not correctness). */
  private async forget(key: string): Promise<void> {
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`Could not remove ${key}: ${String(error)}`));
  }

  private assignment(row: AssignmentRow): Assignment {
    return {
      id: row.id,
      courseId: row.course_id,
      chapterId: row.chapter_id,
      title: row.title,
      instructions: row.instructions,
      dueDate: row.due_date,
      maxMarks: Number(row.max_marks),
      acceptedFileTypes: row.accepted_file_types as AssignmentFileKind[],
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** A hand-in as `viewerId` sees it: its file behind a link signed for them (minutes, like lecture files). */
  private submission(row: SubmissionRow, viewerId: string): AssignmentSubmission {
    return {
      id: row.id,
      assignmentId: row.assignment_id,
      courseId: row.course_id,
      learnerName: row.learner_name,
      textHtml: row.text_html,
      file:
        row.file_key && row.file_kind
          ? { name: row.file_name ?? 'submission', kind: row.file_kind as AssignmentFileKind, bytes: Number(row.file_bytes ?? 0), url: this.links.sign(fileUrlOfKey(row.file_key), viewerId) }
          : null,
      submittedAt: new Date(row.submitted_at).toISOString(),
      reviewedAt: row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null,
      marks: row.reviewed_at && row.marks !== null ? Number(row.marks) : null,
      feedbackHtml: row.reviewed_at ? row.feedback_html : null,
    };
  }
}
