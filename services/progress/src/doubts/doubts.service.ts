import {
  DOUBT_HAS_IMAGE_MESSAGE,
  DOUBT_IMAGE_MISSING_MESSAGE,
  DOUBT_IMAGE_MAX_BYTES,
  DOUBT_IMAGE_TOO_LARGE_MESSAGE,
  DOUBT_IMAGE_TYPE_MESSAGE,
  DOUBT_IMAGE_TYPES,
  DOUBTS_PAGE_SIZE,
  type AskDoubtRequest,
  type DoubtAnsweredEvent,
  type DoubtAnswer,
  type DoubtPage,
  type DoubtSummary,
  type DoubtThread,
  type InternalCourse,
} from '@academy/contracts';
import { decodeKeysetCursor, encodeKeysetCursor, OBJECT_STORAGE, OutboxWriter, type AuthUser, type ObjectStorage } from '@academy/service-core';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService } from '../learning/learning.service.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { insertDoubt } from './doubt-insert.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { renderDoubtText } from './doubt-text.js';
import { DoubtsRepository, type AnswerRow, type DoubtRow, type DoubtViewer } from './doubts.repository.js';

export const NOT_IN_COURSE_DISCUSSION_MESSAGE = "Only the course's enrolled learners and its educator can see its doubts";
export const DOUBT_NOT_FOUND_MESSAGE = 'This doubt is not part of the course';
export const ANSWER_NOT_FOUND_MESSAGE = 'This answer is not part of the course';
export const ONLY_ASKER_RESOLVES_MESSAGE = 'Only the learner who asked can mark this doubt resolved';
export const ONLY_EDUCATOR_HIDES_MESSAGE = "Only the course's educator can hide posts";
export const OWN_DOUBT_ME_TOO_MESSAGE = 'You asked this doubt yourself';
export const ONLY_ASKER_ADDS_IMAGE_MESSAGE = 'Only the learner who asked can attach an image to this doubt';
export const NO_IMAGE_MESSAGE = 'This doubt has no image';

/** Who the caller is in a course's discussion. */
export interface DiscussionMember {
  userId: string;
  name: string;
  isEducator: boolean;
  course: InternalCourse;
}

const viewerOf = (member: DiscussionMember): DoubtViewer => ({ courseId: member.course._id, userId: member.userId, isEducator: member.isEducator });

/**
 * Doubts under a course's lectures and their answers. Every call first settles who the caller is in the course:
 * its educator, an enrolled learner, or nobody (403); an unknown course is 404 (catalogue says so).
 */
@Injectable()
export class DoubtsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly doubts: DoubtsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
    private readonly limiter: DoubtPostLimiter,
    private readonly outbox: OutboxWriter,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async member(user: AuthUser, courseId: string): Promise<DiscussionMember> {
    const course = await this.catalogue.course(courseId);
    const isEducator = course.educatorId === user.id;
    if (!isEducator && !(await this.learning.isEnrolled(user.id, courseId))) throw new ForbiddenException(NOT_IN_COURSE_DISCUSSION_MESSAGE);
    return { userId: user.id, name: user.name || (isEducator ? course.educatorName : 'Learner'), isEducator, course };
  }

  /** A lecture's doubts, newest first, a keyset page at a time. */
  async lectureDoubts(member: DiscussionMember, lectureId: string, cursor?: string): Promise<DoubtPage> {
    const after = cursor ? decodeKeysetCursor(cursor) : null;
    const rows = await this.doubts.lecturePage(viewerOf(member), lectureId, after, DOUBTS_PAGE_SIZE + 1);
    const page = rows.slice(0, DOUBTS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      doubts: page.map((row) => this.summary(row, member)),
      nextCursor: rows.length > DOUBTS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /**
   * The course's doubts that match `query`, best first: those holding every word (simple configuration, ranked by
   * ts_rank); when they are fewer than a page, those holding, for every word the course has never seen, it or one of
   * the course's words spelt like it (pg_trgm over the course's vocabulary, `doubt_words`: Hinglish is spelt many
   * ways). Words with a digit (codes, numbers) match exactly and have no other spellings. Both passes read the
   * full-text index; the second runs only when the first leaves the page short and some word is new to the course
   * (otherwise it would ask the same question again). One page: a search is refined, not paged through.
   */
  async search(member: DiscussionMember, query: string): Promise<DoubtPage> {
    const rows = await this.doubts.search(viewerOf(member), query, DOUBTS_PAGE_SIZE);
    return { doubts: rows.map((row) => this.summary(row, member)), nextCursor: null };
  }

  async ask(member: DiscussionMember, request: AskDoubtRequest): Promise<DoubtSummary> {
    await this.learning.assertLectureInCourse(member.course._id, request.lectureId);
    await this.limiter.take('post', member.userId);
    const id = await this.dataSource.transaction((manager) =>
      insertDoubt(manager, this.doubts, this.outbox, {
        courseId: member.course._id, courseTitle: member.course.courseTitle, educatorId: member.course.educatorId, lectureId: request.lectureId,
        liveClassId: null, clientId: null, userId: member.userId, authorName: member.name, atSecond: request.atSecond, text: request.text,
      }),
    );
    return this.summary(await this.doubtRow(member, id!), member);
  }

  async thread(member: DiscussionMember, doubtId: string): Promise<DoubtThread> {
    const doubt = await this.doubtRow(member, doubtId);
    const answers = await this.doubts.answers(viewerOf(member), doubtId);
    return { ...this.summary(doubt, member), answers: answers.map((row) => this.answerView(row, member)) };
  }

  /** Says "I have this doubt too" (again: nothing changes). */
  async meToo(member: DiscussionMember, doubtId: string): Promise<DoubtSummary> {
    const doubt = await this.doubtRow(member, doubtId);
    if (doubt.user_id === member.userId) throw new ConflictException(OWN_DOUBT_ME_TOO_MESSAGE);
    await this.dataSource.transaction((manager) => this.doubts.addMeToo(manager, doubtId, member.userId));
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** The educator's answer is marked as theirs and counts as the doubt's first answer (the inbox and its median). */
  async answer(member: DiscussionMember, doubtId: string, text: string): Promise<DoubtAnswer> {
    const doubt = await this.doubtRow(member, doubtId);
    await this.limiter.take('post', member.userId);
    const row = await this.dataSource.transaction(async (manager) => {
      const inserted = await this.doubts.insertAnswer(manager, {
        doubtId, userId: member.userId, authorName: member.name, byEducator: member.isEducator, text, html: renderDoubtText(text),
      });
      // The asker's notification, made by the worker if and only if the answer is stored.
      const event: DoubtAnsweredEvent = {
        doubtId, answerId: inserted.id, courseId: member.course._id, courseTitle: member.course.courseTitle, lectureId: doubt.lecture_id,
        askerId: doubt.user_id, answererId: member.userId, answererName: member.name, byEducator: member.isEducator,
      };
      await this.outbox.add(manager, { topic: ProgressJob.DoubtAnswered, payload: event, key: inserted.id });
      return inserted;
    });
    return this.answerView(row, member);
  }

  async resolve(member: DiscussionMember, doubtId: string): Promise<DoubtSummary> {
    const doubt = await this.doubtRow(member, doubtId);
    if (doubt.user_id !== member.userId) throw new ForbiddenException(ONLY_ASKER_RESOLVES_MESSAGE);
    await this.doubts.resolve(doubtId);
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** Reports a doubt (answerId null) or one of its answers; reporting the same post again changes nothing. */
  async report(member: DiscussionMember, doubtId: string, answerId: string | null, reason: string | undefined): Promise<void> {
    await this.doubtRow(member, doubtId);
    if (answerId) await this.answerRow(member, doubtId, answerId);
    await this.limiter.take('report', member.userId);
    await this.doubts.insertReport({ courseId: member.course._id, doubtId, answerId, userId: member.userId, reason: reason || null });
  }

  /** The educator hides (or shows again) a doubt or an answer. A hidden answer no longer counts in the doubt's list. */
  async setHidden(member: DiscussionMember, doubtId: string, answerId: string | null, hidden: boolean): Promise<void> {
    if (!member.isEducator) throw new ForbiddenException(ONLY_EDUCATOR_HIDES_MESSAGE);
    await this.doubtRow(member, doubtId);
    await this.dataSource.transaction(async (manager) => {
      if (!answerId) {
        await this.doubts.setDoubtHidden(manager, doubtId, hidden);
        return;
      }
      const changed = await this.doubts.setAnswerHidden(manager, doubtId, answerId, hidden);
      if (!changed && !(await this.doubts.hasAnswer(manager, doubtId, answerId))) throw new NotFoundException(ANSWER_NOT_FOUND_MESSAGE);
    });
  }

  /**
   * The asker attaches one image to their doubt: PNG, JPEG or WebP as the bytes say (the name and declared type are
   * not trusted), at most DOUBT_IMAGE_MAX_BYTES. Refused files store nothing. Kept under a key only progress reads.
   */
  async attachImage(member: DiscussionMember, doubtId: string, bytes: Buffer | undefined): Promise<DoubtSummary> {
    const doubt = await this.doubtRow(member, doubtId);
    if (doubt.user_id !== member.userId) throw new ForbiddenException(ONLY_ASKER_ADDS_IMAGE_MESSAGE);
    if (doubt.image_key) throw new ConflictException(DOUBT_HAS_IMAGE_MESSAGE);
    if (!bytes || bytes.length === 0) throw new BadRequestException(DOUBT_IMAGE_MISSING_MESSAGE);
    if (bytes.length > DOUBT_IMAGE_MAX_BYTES) throw new PayloadTooLargeException(DOUBT_IMAGE_TOO_LARGE_MESSAGE);
    const sniffed = await fileTypeFromBuffer(bytes);
    const type = DOUBT_IMAGE_TYPES.find((accepted) => accepted === sniffed?.mime);
    if (!type || !sniffed) throw new UnsupportedMediaTypeException(DOUBT_IMAGE_TYPE_MESSAGE);
    const key = `doubts/${member.course._id}/${doubtId}.${sniffed.ext}`;
    await this.storage.put(key, bytes, { contentType: type, maxBytes: DOUBT_IMAGE_MAX_BYTES });
    if (!(await this.doubts.setImage(doubtId, key, type))) throw new ConflictException(DOUBT_HAS_IMAGE_MESSAGE); // a parallel upload won; the key is the same doubt's
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** Where a doubt's image is, for those who may read the doubt (404 when it has none). */
  async imageOf(member: DiscussionMember, doubtId: string): Promise<{ key: string; contentType: string }> {
    const doubt = await this.doubtRow(member, doubtId);
    if (!doubt.image_key || !doubt.image_type) throw new NotFoundException(NO_IMAGE_MESSAGE);
    return { key: doubt.image_key, contentType: doubt.image_type };
  }

  private async doubtRow(member: DiscussionMember, doubtId: string): Promise<DoubtRow> {
    const row = await this.doubts.find(viewerOf(member), doubtId);
    if (!row) throw new NotFoundException(DOUBT_NOT_FOUND_MESSAGE);
    return row;
  }

  private async answerRow(member: DiscussionMember, doubtId: string, answerId: string): Promise<AnswerRow> {
    const row = await this.doubts.findAnswer(viewerOf(member), doubtId, answerId);
    if (!row) throw new NotFoundException(ANSWER_NOT_FOUND_MESSAGE);
    return row;
  }

  private summary(row: DoubtRow, member: DiscussionMember): DoubtSummary {
    return {
      id: row.id,
      courseId: row.course_id,
      lectureId: row.lecture_id,
      liveClassId: row.live_class_id,
      atSecond: row.at_second,
      html: row.body_html,
      author: { name: row.author_name, isEducator: row.user_id === member.course.educatorId },
      mine: row.user_id === member.userId,
      createdAt: new Date(row.created_at).toISOString(),
      resolved: row.resolved_at !== null,
      meToo: Number(row.me_too_count),
      meTooByMe: row.me_too_by_me,
      answerCount: Number(row.answer_count),
      educatorAnswered: row.first_educator_answer_at !== null,
      hidden: row.hidden_at !== null,
      hasImage: row.image_key !== null,
    };
  }

  private answerView(row: AnswerRow, member: DiscussionMember): DoubtAnswer {
    return {
      id: row.id,
      html: row.body_html,
      author: { name: row.author_name, isEducator: row.by_educator },
      mine: row.user_id === member.userId,
      createdAt: new Date(row.created_at).toISOString(),
      hidden: row.hidden_at !== null,
    };
  }
}
