import { cursorTimestampSql, type KeysetPosition } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface DoubtRow {
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

export interface AnswerRow {
  id: string;
  user_id: string;
  author_name: string;
  by_educator: boolean;
  body_html: string;
  hidden_at: Date | null;
  created_at: Date;
}

/** Who reads a course's discussion: hidden posts show only to the course's educator and to their authors. */
export interface DoubtViewer {
  courseId: string;
  userId: string;
  isEducator: boolean;
}

/** A doubt as it is written (its text already rendered), under a lecture or in a live class. */
export interface DoubtValues {
  courseId: string;
  lectureId: string | null;
  liveClassId: string | null;
  clientId: string | null;
  educatorId: string;
  userId: string;
  authorName: string;
  atSecond: number;
  text: string;
  html: string;
}

/** A doubt waiting for an educator's first answer, as their inbox lists it (with its image, if any). */
export type InboxRow = Omit<DoubtRow, 'first_educator_answer_at' | 'resolved_at' | 'hidden_at' | 'me_too_by_me' | 'image_type'>;

/** A doubt or an answer the educator hid. */
export interface HiddenPostRow {
  kind: 'doubt' | 'answer';
  id: string;
  course_id: string;
  doubt_id: string;
  body_html: string;
  author_name: string;
  hidden_at: Date;
  cursor_at: string;
}

/** A doubt a learner asked, as their linked parent's view lists it. */
export interface AskedDoubtRow {
  id: string;
  course_id: string;
  lecture_id: string;
  created_at: Date;
  answer_count: number;
  first_educator_answer_at: Date | null;
  resolved_at: Date | null;
  cursor_at: string;
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

/** An UPDATE answers [rows, row count] through TypeORM's query(). */
const updatedCount = (result: unknown): number => (result as [unknown[], number])[1];

/**
 * progress.doubts with their answers, "me too"s, reports and the course's vocabulary (doubt_words): under lectures,
 * in live classes, in educators' inboxes and in parents' views.
 */
@Injectable()
export class DoubtsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The doubt of the viewer's course, if the viewer may see it. */
  async find(viewer: DoubtViewer, doubtId: string): Promise<DoubtRow | null> {
    const rows: DoubtRow[] = await this.dataSource.query(
      `SELECT ${DOUBT_COLUMNS('$3')} FROM "progress"."doubts" d WHERE d."id" = $1 AND d."course_id" = $2 AND ${VISIBLE_TO('d', '$3', '$4')}`,
      [doubtId, viewer.courseId, viewer.userId, viewer.isEducator],
    );
    return rows[0] ?? null;
  }

  /** A lecture's doubts the viewer may see, newest first from `after`, `limit` at most. */
  async lecturePage(viewer: DoubtViewer, lectureId: string, after: KeysetPosition | null, limit: number): Promise<DoubtRow[]> {
    return this.dataSource.query(
      `SELECT ${DOUBT_COLUMNS('$3')}
         FROM "progress"."doubts" d
        WHERE d."course_id" = $1 AND d."lecture_id" = $2 AND ${VISIBLE_TO('d', '$3', '$4')}
          AND ($5::timestamptz IS NULL OR (d."created_at", d."id") < ($5::timestamptz, $6::uuid))
        ORDER BY d."created_at" DESC, d."id" DESC
        LIMIT $7`,
      [viewer.courseId, lectureId, viewer.userId, viewer.isEducator, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /**
   * The course's doubts that match `query`, best first, `limit` at most: those holding every word (simple
   * configuration, ranked by ts_rank); when they are fewer than `limit`, those holding, for every word the course has
   * never seen, it or one of the course's words spelt like it (pg_trgm over `doubt_words`). Words with a digit match
   * exactly. The second pass runs only when the first leaves the page short and some word is new to the course.
   */
  async search(viewer: DoubtViewer, query: string, limit: number): Promise<DoubtRow[]> {
    return this.dataSource.transaction(async (manager) => {
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
        [viewer.courseId, query, viewer.userId, viewer.isEducator, limit],
      );
    });
  }

  /**
   * Writes the doubt in the caller's transaction. Null when a live-class doubt with this client id is already stored
   * (nothing is written): a resend after a reconnect is stored once.
   */
  async insert(manager: EntityManager, doubt: DoubtValues): Promise<string | null> {
    const [row]: { id: string }[] = await manager.query(
      `INSERT INTO "progress"."doubts" ("course_id", "lecture_id", "live_class_id", "client_id", "educator_id", "user_id", "author_name", "at_second", "body_text", "body_html")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ("live_class_id", "user_id", "client_id") WHERE "live_class_id" IS NOT NULL DO NOTHING
       RETURNING "id"`,
      [doubt.courseId, doubt.lectureId, doubt.liveClassId, doubt.clientId, doubt.educatorId, doubt.userId, doubt.authorName, doubt.atSecond, doubt.text, doubt.html],
    );
    return row?.id ?? null;
  }

  /** The course's vocabulary, where the search looks up other spellings (of words: codes and numbers match exactly). */
  async addCourseWords(manager: EntityManager, courseId: string, text: string): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."doubt_words" ("course_id", "word")
       SELECT $1, "word" FROM unnest(tsvector_to_array(to_tsvector('simple', $2))) AS "word" WHERE "word" !~ '[0-9]' ON CONFLICT DO NOTHING`,
      [courseId, text],
    );
  }

  /** Puts the class's doubts that have no lecture under `lectureId`; how many moved. */
  async moveLiveClassDoubtsToLecture(classId: string, lectureId: string): Promise<number> {
    return updatedCount(
      await this.dataSource.query(`UPDATE "progress"."doubts" SET "lecture_id" = $2 WHERE "live_class_id" = $1 AND "lecture_id" IS NULL RETURNING 1`, [classId, lectureId]),
    );
  }

  /** The doubt's answers the viewer may see: the educator's first, then oldest first. */
  async answers(viewer: DoubtViewer, doubtId: string): Promise<AnswerRow[]> {
    return this.dataSource.query(
      `SELECT a."id", a."user_id", a."author_name", a."by_educator", a."body_html", a."hidden_at", a."created_at"
         FROM "progress"."doubt_answers" a
        WHERE a."doubt_id" = $1 AND ${VISIBLE_TO('a', '$2', '$3')}
        ORDER BY a."by_educator" DESC, a."created_at", a."id"`,
      [doubtId, viewer.userId, viewer.isEducator],
    );
  }

  /** The doubt's answer, if the viewer may see it. */
  async findAnswer(viewer: DoubtViewer, doubtId: string, answerId: string): Promise<AnswerRow | null> {
    const rows: AnswerRow[] = await this.dataSource.query(
      `SELECT a.* FROM "progress"."doubt_answers" a WHERE a."id" = $1 AND a."doubt_id" = $2 AND ${VISIBLE_TO('a', '$3', '$4')}`,
      [answerId, doubtId, viewer.userId, viewer.isEducator],
    );
    return rows[0] ?? null;
  }

  /** Whether the doubt has this answer, hidden or not (read in the caller's transaction). */
  async hasAnswer(manager: EntityManager, doubtId: string, answerId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM "progress"."doubt_answers" WHERE "id" = $1 AND "doubt_id" = $2`, [answerId, doubtId]);
    return rows.length > 0;
  }

  /** The user's "me too" on the doubt, once, with the doubt's count; false when they had said it already. */
  async addMeToo(manager: EntityManager, doubtId: string, userId: string): Promise<boolean> {
    const added: unknown[] = await manager.query(`INSERT INTO "progress"."doubt_me_too" ("doubt_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`, [
      doubtId,
      userId,
    ]);
    if (added.length > 0) await manager.query(`UPDATE "progress"."doubts" SET "me_too_count" = "me_too_count" + 1 WHERE "id" = $1`, [doubtId]);
    return added.length > 0;
  }

  /**
   * Writes the answer and counts it on its doubt, in the caller's transaction: an educator's answer is the doubt's
   * first educator answer unless it has one.
   */
  async insertAnswer(manager: EntityManager, answer: { doubtId: string; userId: string; authorName: string; byEducator: boolean; text: string; html: string }): Promise<AnswerRow> {
    const [inserted]: AnswerRow[] = await manager.query(
      `INSERT INTO "progress"."doubt_answers" ("doubt_id", "user_id", "author_name", "by_educator", "body_text", "body_html")
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING "id", "user_id", "author_name", "by_educator", "body_html", "hidden_at", "created_at"`,
      [answer.doubtId, answer.userId, answer.authorName, answer.byEducator, answer.text, answer.html],
    );
    await manager.query(
      `UPDATE "progress"."doubts"
          SET "answer_count" = "answer_count" + 1,
              "first_educator_answer_at" = CASE WHEN $2 THEN coalesce("first_educator_answer_at", $3) ELSE "first_educator_answer_at" END
        WHERE "id" = $1`,
      [answer.doubtId, answer.byEducator, inserted!.created_at],
    );
    return inserted!;
  }

  /** Marks the doubt resolved (kept from the first time). */
  async resolve(doubtId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "progress"."doubts" SET "resolved_at" = coalesce("resolved_at", now()) WHERE "id" = $1`, [doubtId]);
  }

  /** The user's report of a doubt (answerId null) or an answer; a second report of the same post writes nothing. */
  async insertReport(report: { courseId: string; doubtId: string; answerId: string | null; userId: string; reason: string | null }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."doubt_reports" ("course_id", "doubt_id", "answer_id", "user_id", "reason") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT "doubt_reports_once" DO NOTHING`,
      [report.courseId, report.doubtId, report.answerId, report.userId, report.reason],
    );
  }

  /** Hides the doubt (kept hidden since it first was) or shows it again, in the caller's transaction. */
  async setDoubtHidden(manager: EntityManager, doubtId: string, hidden: boolean): Promise<void> {
    await manager.query(`UPDATE "progress"."doubts" SET "hidden_at" = CASE WHEN $2 THEN coalesce("hidden_at", now()) END WHERE "id" = $1`, [doubtId, hidden]);
  }

  /**
   * Hides the answer or shows it again, and moves its doubt's answer count with it (a hidden answer does not count).
   * False when nothing changed: no such answer of the doubt, or it was already so.
   */
  async setAnswerHidden(manager: EntityManager, doubtId: string, answerId: string, hidden: boolean): Promise<boolean> {
    const count = updatedCount(
      await manager.query(
        `UPDATE "progress"."doubt_answers" SET "hidden_at" = CASE WHEN $3 THEN now() END
          WHERE "id" = $1 AND "doubt_id" = $2 AND ("hidden_at" IS NULL) = $3 RETURNING 1`,
        [answerId, doubtId, hidden],
      ),
    );
    if (count) await manager.query(`UPDATE "progress"."doubts" SET "answer_count" = "answer_count" + $2 WHERE "id" = $1`, [doubtId, hidden ? -1 : 1]);
    return count > 0;
  }

  /** Attaches the image to the doubt unless it has one; false when it had (nothing changes). */
  async setImage(doubtId: string, key: string, contentType: string): Promise<boolean> {
    const count = updatedCount(
      await this.dataSource.query(`UPDATE "progress"."doubts" SET "image_key" = $2, "image_type" = $3 WHERE "id" = $1 AND "image_key" IS NULL RETURNING 1`, [
        doubtId,
        key,
        contentType,
      ]),
    );
    return count > 0;
  }

  /**
   * The educator's doubts (the educator a course had when each was asked) they have not answered, not hidden nor
   * resolved, oldest first from `after`, `limit` at most; `courseId` and `lectureId` narrow them.
   */
  async unansweredFor(educatorId: string, filter: { courseId: string | null; lectureId: string | null }, after: KeysetPosition | null, limit: number): Promise<InboxRow[]> {
    return this.dataSource.query(
      `SELECT d."id", d."course_id", d."lecture_id", d."live_class_id", d."user_id", d."author_name", d."at_second", d."body_html", d."me_too_count",
              d."answer_count", d."created_at", d."image_key", ${cursorTimestampSql('d."created_at"')} AS "cursor_at"
         FROM "progress"."doubts" d
        WHERE d."educator_id" = $1 AND d."first_educator_answer_at" IS NULL AND d."hidden_at" IS NULL AND d."resolved_at" IS NULL
          AND ($2::uuid IS NULL OR d."course_id" = $2) AND ($3::uuid IS NULL OR d."lecture_id" = $3)
          AND ($4::timestamptz IS NULL OR (d."created_at", d."id") > ($4::timestamptz, $5::uuid))
        ORDER BY d."created_at", d."id"
        LIMIT $6`,
      [educatorId, filter.courseId, filter.lectureId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** Doubts and answers hidden in the educator's courses, newest hidden first from `after`, `limit` at most. */
  async hiddenFor(educatorId: string, after: KeysetPosition | null, limit: number): Promise<HiddenPostRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (
         SELECT 'doubt' AS "kind", d."id", d."course_id", d."id" AS "doubt_id", d."body_html", d."author_name", d."hidden_at",
                ${cursorTimestampSql('d."hidden_at"')} AS "cursor_at"
           FROM "progress"."doubts" d WHERE d."educator_id" = $1 AND d."hidden_at" IS NOT NULL
         UNION ALL
         SELECT 'answer', a."id", d."course_id", d."id", a."body_html", a."author_name", a."hidden_at", ${cursorTimestampSql('a."hidden_at"')}
           FROM "progress"."doubt_answers" a JOIN "progress"."doubts" d ON d."id" = a."doubt_id"
          WHERE d."educator_id" = $1 AND a."hidden_at" IS NOT NULL
       ) hidden
       WHERE ($2::timestamptz IS NULL OR ("hidden_at", "id") < ($2::timestamptz, $3::uuid))
       ORDER BY "hidden_at" DESC, "id" DESC
       LIMIT $4`,
      [educatorId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** The educator's figures: median seconds to their first answer (null: none answered), answered and waiting doubts. */
  async educatorFigures(educatorId: string): Promise<{ medianSeconds: number | null; answered: number; unanswered: number }> {
    const [row]: { median: number | null; answered: string; unanswered: string }[] = await this.dataSource.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "first_educator_answer_at" - "created_at"))
                FILTER (WHERE "first_educator_answer_at" IS NOT NULL) AS "median",
              count(*) FILTER (WHERE "first_educator_answer_at" IS NOT NULL) AS "answered",
              count(*) FILTER (WHERE "first_educator_answer_at" IS NULL AND "hidden_at" IS NULL AND "resolved_at" IS NULL) AS "unanswered"
         FROM "progress"."doubts" WHERE "educator_id" = $1`,
      [educatorId],
    );
    return {
      medianSeconds: row?.median === null || row?.median === undefined ? null : Number(row.median),
      answered: Number(row?.answered ?? 0),
      unanswered: Number(row?.unanswered ?? 0),
    };
  }

  /** The doubts a learner asked, newest first from `after`, `limit` at most. */
  async askedBy(userId: string, after: KeysetPosition | null, limit: number): Promise<AskedDoubtRow[]> {
    return this.dataSource.query(
      `SELECT "id", "course_id", "lecture_id", "created_at", "answer_count", "first_educator_answer_at", "resolved_at",
              ${cursorTimestampSql('"created_at"')} AS "cursor_at"
         FROM "progress"."doubts"
        WHERE "user_id" = $1 AND ($2::timestamptz IS NULL OR ("created_at", "id") < ($2::timestamptz, $3::uuid))
        ORDER BY "created_at" DESC, "id" DESC
        LIMIT $4`,
      [userId, after?.at ?? null, after?.id ?? null, limit],
    );
  }
}
