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
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor, OBJECT_STORAGE, OutboxWriter, type AuthUser, type ObjectStorage } from '@academy/service-core';
import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService } from '../learning/learning.service.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { insertDoubt } from './doubt-insert.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { renderDoubtText } from './doubt-text.js';

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

interface DoubtRow {
  id: string;
  course_id: string;
  lecture_id: string | null;
  live_class_id: string | null;
  user_id: string;
  author_name: string;
  at_second: number;
  body_html: string;
  me_too_count: number;
  answer_count: number;
  first_educator_answer_at: Date | null;
  resolved_at: Date | null;
  hidden_at: Date | null;
  created_at: Date;
  cursor_at: string;
  me_too_by_me: boolean;
  image_key: string | null;
  image_type: string | null;
}

interface AnswerRow {
  id: string;
  user_id: string;
  author_name: string;
  by_educator: boolean;
  body_html: string;
  hidden_at: Date | null;
  created_at: Date;
}

const DOUBT_COLUMNS = (caller: string) => `
  d."id", d."course_id", d."lecture_id", d."live_class_id", d."user_id", d."author_name", d."at_second", d."body_html", d."me_too_count",
  d."answer_count", d."first_educator_answer_at", d."resolved_at", d."hidden_at", d."created_at", d."image_key", d."image_type",
  ${cursorTimestampSql('d."created_at"')} AS "cursor_at",
  EXISTS (SELECT 1 FROM "progress"."doubt_me_too" m WHERE m."doubt_id" = d."id" AND m."user_id" = ${caller}) AS "me_too_by_me"`;

/**
 * How alike two words must be (pg_trgm similarity, 0 to 1) to be searched as spellings of each other: "kese" and
 * "kaise" share 2 of 9 trigrams (0.22). At most the 5 closest words of the course stand in for each word.
 */
const SPELLING_SIMILARITY = 0.2;

/** A hidden post stays visible to the course's educator and to its author only. */
const VISIBLE_TO = (alias: string, caller: string, isEducator: string) => `(${alias}."hidden_at" IS NULL OR ${isEducator} OR ${alias}."user_id" = ${caller})`;

/**
 * Doubts under a course's lectures and their answers. Every call first settles who the caller is in the course:
 * its educator, an enrolled learner, or nobody (403); an unknown course is 404 (catalogue says so).
 */
@Injectable()
export class DoubtsService {
  constructor(
    private readonly dataSource: DataSource,
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
    const rows: DoubtRow[] = await this.dataSource.query(
      `SELECT ${DOUBT_COLUMNS('$3')}
         FROM "progress"."doubts" d
        WHERE d."course_id" = $1 AND d."lecture_id" = $2 AND ${VISIBLE_TO('d', '$3', '$4')}
          AND ($5::timestamptz IS NULL OR (d."created_at", d."id") < ($5::timestamptz, $6::uuid))
        ORDER BY d."created_at" DESC, d."id" DESC
        LIMIT $7`,
      [member.course._id, lectureId, member.userId, member.isEducator, after?.at ?? null, after?.id ?? null, DOUBTS_PAGE_SIZE + 1],
    );
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
    const rows: DoubtRow[] = await this.dataSource.transaction(async (manager) => {
      // The `%` operator's threshold (read by the vocabulary's trigram index), for this search only.
      await manager.query(`SET LOCAL pg_trgm.similarity_threshold = ${SPELLING_SIMILARITY}`);
      return manager.query(
      `WITH q AS (SELECT plainto_tsquery('simple', $2) AS words),
            by_words AS (
              SELECT d."id", 1 + ts_rank(d."search_vector", q.words) AS "rank"
                FROM "progress"."doubts" d, q
               WHERE d."course_id" = $1 AND d."search_vector" @@ q.words AND ${VISIBLE_TO('d', '$3', '$4')}
               ORDER BY 2 DESC, d."created_at" DESC LIMIT $5),
            tokens AS (
              SELECT typed."token", EXISTS (SELECT 1 FROM "progress"."doubt_words" w WHERE w."course_id" = $1 AND w."word" = typed."token") AS "known"
                FROM (SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', $2))) AS "token") AS typed),
            spelled AS (
              SELECT to_tsquery('simple', string_agg(
                       CASE WHEN t."known" OR t."token" ~ '[0-9]'
                            THEN quote_literal(t."token")
                            ELSE '(' || (SELECT string_agg(quote_literal("option"), ' | ')
                                           FROM (SELECT t."token" AS "option"
                                                 UNION
                                                 (SELECT w."word" FROM "progress"."doubt_words" w
                                                   WHERE w."course_id" = $1 AND w."word" % t."token"
                                                   ORDER BY similarity(w."word", t."token") DESC LIMIT 5)) AS options) || ')'
                       END,
                       ' & ')) AS words
                FROM tokens t
               WHERE (SELECT count(*) FROM by_words) < $5 AND EXISTS (SELECT 1 FROM tokens u WHERE NOT u."known" AND u."token" !~ '[0-9]')),
            by_spelling AS (
              SELECT d."id", ts_rank(d."search_vector", s.words) AS "rank"
                FROM "progress"."doubts" d, spelled s
               WHERE s.words IS NOT NULL AND d."course_id" = $1 AND d."search_vector" @@ s.words AND ${VISIBLE_TO('d', '$3', '$4')}
                 AND d."id" NOT IN (SELECT "id" FROM by_words)
               ORDER BY 2 DESC, d."created_at" DESC LIMIT $5),
            found AS (SELECT * FROM by_words UNION ALL SELECT * FROM by_spelling)
       SELECT ${DOUBT_COLUMNS('$3')}
         FROM found JOIN "progress"."doubts" d ON d."id" = found."id"
        ORDER BY found."rank" DESC, d."created_at" DESC
        LIMIT $5`,
        [member.course._id, query, member.userId, member.isEducator, DOUBTS_PAGE_SIZE],
      );
    });
    return { doubts: rows.map((row) => this.summary(row, member)), nextCursor: null };
  }

  async ask(member: DiscussionMember, request: AskDoubtRequest): Promise<DoubtSummary> {
    await this.learning.assertLectureInCourse(member.course._id, request.lectureId);
    await this.limiter.take('post', member.userId);
    const id = await this.dataSource.transaction((manager) =>
      insertDoubt(manager, this.outbox, {
        courseId: member.course._id, courseTitle: member.course.courseTitle, educatorId: member.course.educatorId, lectureId: request.lectureId,
        liveClassId: null, clientId: null, userId: member.userId, authorName: member.name, atSecond: request.atSecond, text: request.text,
      }),
    );
    return this.summary(await this.doubtRow(member, id!), member);
  }

  async thread(member: DiscussionMember, doubtId: string): Promise<DoubtThread> {
    const doubt = await this.doubtRow(member, doubtId);
    const answers: AnswerRow[] = await this.dataSource.query(
      `SELECT a."id", a."user_id", a."author_name", a."by_educator", a."body_html", a."hidden_at", a."created_at"
         FROM "progress"."doubt_answers" a
        WHERE a."doubt_id" = $1 AND ${VISIBLE_TO('a', '$2', '$3')}
        ORDER BY a."by_educator" DESC, a."created_at", a."id"`,
      [doubtId, member.userId, member.isEducator],
    );
    return { ...this.summary(doubt, member), answers: answers.map((row) => this.answerView(row, member)) };
  }

  /** Says "I have this doubt too" (again: nothing changes). */
  async meToo(member: DiscussionMember, doubtId: string): Promise<DoubtSummary> {
    const doubt = await this.doubtRow(member, doubtId);
    if (doubt.user_id === member.userId) throw new ConflictException(OWN_DOUBT_ME_TOO_MESSAGE);
    await this.dataSource.transaction(async (manager) => {
      const added: unknown[] = await manager.query(
        `INSERT INTO "progress"."doubt_me_too" ("doubt_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [doubtId, member.userId],
      );
      if (added.length > 0) await manager.query(`UPDATE "progress"."doubts" SET "me_too_count" = "me_too_count" + 1 WHERE "id" = $1`, [doubtId]);
    });
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** The educator's answer is marked as theirs and counts as the doubt's first answer (the inbox and its median). */
  async answer(member: DiscussionMember, doubtId: string, text: string): Promise<DoubtAnswer> {
    const doubt = await this.doubtRow(member, doubtId);
    await this.limiter.take('post', member.userId);
    const row = await this.dataSource.transaction(async (manager) => {
      const [inserted]: AnswerRow[] = await manager.query(
        `INSERT INTO "progress"."doubt_answers" ("doubt_id", "user_id", "author_name", "by_educator", "body_text", "body_html")
         VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING "id", "user_id", "author_name", "by_educator", "body_html", "hidden_at", "created_at"`,
        [doubtId, member.userId, member.name, member.isEducator, text, renderDoubtText(text)],
      );
      await manager.query(
        `UPDATE "progress"."doubts"
            SET "answer_count" = "answer_count" + 1,
                "first_educator_answer_at" = CASE WHEN $2 THEN coalesce("first_educator_answer_at", $3) ELSE "first_educator_answer_at" END
          WHERE "id" = $1`,
        [doubtId, member.isEducator, inserted!.created_at],
      );
      // The asker's notification, made by the worker if and only if the answer is stored.
      const event: DoubtAnsweredEvent = {
        doubtId, answerId: inserted!.id, courseId: member.course._id, courseTitle: member.course.courseTitle, lectureId: doubt.lecture_id,
        askerId: doubt.user_id, answererId: member.userId, answererName: member.name, byEducator: member.isEducator,
      };
      await this.outbox.add(manager, { topic: ProgressJob.DoubtAnswered, payload: event, key: inserted!.id });
      return inserted!;
    });
    return this.answerView(row, member);
  }

  async resolve(member: DiscussionMember, doubtId: string): Promise<DoubtSummary> {
    const doubt = await this.doubtRow(member, doubtId);
    if (doubt.user_id !== member.userId) throw new ForbiddenException(ONLY_ASKER_RESOLVES_MESSAGE);
    await this.dataSource.query(`UPDATE "progress"."doubts" SET "resolved_at" = coalesce("resolved_at", now()) WHERE "id" = $1`, [doubtId]);
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** Reports a doubt (answerId null) or one of its answers; reporting the same post again changes nothing. */
  async report(member: DiscussionMember, doubtId: string, answerId: string | null, reason: string | undefined): Promise<void> {
    await this.doubtRow(member, doubtId);
    if (answerId) await this.answerRow(member, doubtId, answerId);
    await this.limiter.take('report', member.userId);
    await this.dataSource.query(
      `INSERT INTO "progress"."doubt_reports" ("course_id", "doubt_id", "answer_id", "user_id", "reason") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT "doubt_reports_once" DO NOTHING`,
      [member.course._id, doubtId, answerId, member.userId, reason || null],
    );
  }

  /** The educator hides (or shows again) a doubt or an answer. A hidden answer no longer counts in the doubt's list. */
  async setHidden(member: DiscussionMember, doubtId: string, answerId: string | null, hidden: boolean): Promise<void> {
    if (!member.isEducator) throw new ForbiddenException(ONLY_EDUCATOR_HIDES_MESSAGE);
    await this.doubtRow(member, doubtId);
    await this.dataSource.transaction(async (manager) => {
      if (!answerId) {
        await manager.query(`UPDATE "progress"."doubts" SET "hidden_at" = CASE WHEN $2 THEN coalesce("hidden_at", now()) END WHERE "id" = $1`, [doubtId, hidden]);
        return;
      }
      // An UPDATE answers [rows, row count].
      const [, count]: [unknown[], number] = await manager.query(
        `UPDATE "progress"."doubt_answers" SET "hidden_at" = CASE WHEN $3 THEN now() END
          WHERE "id" = $1 AND "doubt_id" = $2 AND ("hidden_at" IS NULL) = $3 RETURNING 1`,
        [answerId, doubtId, hidden],
      );
      if (!count && (await this.answerRowOrNull(doubtId, answerId, manager)) === null) throw new NotFoundException(ANSWER_NOT_FOUND_MESSAGE);
      if (count) await manager.query(`UPDATE "progress"."doubts" SET "answer_count" = "answer_count" + $2 WHERE "id" = $1`, [doubtId, hidden ? -1 : 1]);
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
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "progress"."doubts" SET "image_key" = $2, "image_type" = $3 WHERE "id" = $1 AND "image_key" IS NULL RETURNING 1`,
      [doubtId, key, type],
    );
    if (!count) throw new ConflictException(DOUBT_HAS_IMAGE_MESSAGE); // a parallel upload won; the key is the same doubt's
    return this.summary(await this.doubtRow(member, doubtId), member);
  }

  /** Where a doubt's image is, for those who may read the doubt (404 when it has none). */
  async imageOf(member: DiscussionMember, doubtId: string): Promise<{ key: string; contentType: string }> {
    const doubt = await this.doubtRow(member, doubtId);
    if (!doubt.image_key || !doubt.image_type) throw new NotFoundException(NO_IMAGE_MESSAGE);
    return { key: doubt.image_key, contentType: doubt.image_type };
  }

  private async doubtRow(member: DiscussionMember, doubtId: string): Promise<DoubtRow> {
    const rows: DoubtRow[] = await this.dataSource.query(
      `SELECT ${DOUBT_COLUMNS('$3')} FROM "progress"."doubts" d WHERE d."id" = $1 AND d."course_id" = $2 AND ${VISIBLE_TO('d', '$3', '$4')}`,
      [doubtId, member.course._id, member.userId, member.isEducator],
    );
    if (!rows[0]) throw new NotFoundException(DOUBT_NOT_FOUND_MESSAGE);
    return rows[0];
  }

  private async answerRow(member: DiscussionMember, doubtId: string, answerId: string): Promise<AnswerRow> {
    const rows: AnswerRow[] = await this.dataSource.query(
      `SELECT a.* FROM "progress"."doubt_answers" a WHERE a."id" = $1 AND a."doubt_id" = $2 AND ${VISIBLE_TO('a', '$3', '$4')}`,
      [answerId, doubtId, member.userId, member.isEducator],
    );
    if (!rows[0]) throw new NotFoundException(ANSWER_NOT_FOUND_MESSAGE);
    return rows[0];
  }

  private async answerRowOrNull(doubtId: string, answerId: string, manager: EntityManager): Promise<unknown> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM "progress"."doubt_answers" WHERE "id" = $1 AND "doubt_id" = $2`, [answerId, doubtId]);
    return rows[0] ?? null;
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
