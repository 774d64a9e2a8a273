import { DOUBTS_PAGE_SIZE, lecturesInOrder, type EducatorDoubtSummary, type EducatorInbox, type EducatorInboxQuery, type HiddenPostPage } from '@academy/contracts';
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';

interface InboxRow {
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
  created_at: Date;
  cursor_at: string;
  image_key: string | null;
}

/**
 * What waits for an educator: doubts of their courses they have not answered (not hidden, not resolved by the
 * asker), oldest first so nobody waits longest; and the figures their dashboard shows. A doubt keeps the educator
 * the course had when it was asked (progress.doubts.educator_id), so this reads one index, not every course.
 */
@Injectable()
export class EducatorInboxService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
  ) {}

  async unanswered(educatorId: string, query: EducatorInboxQuery): Promise<EducatorInbox> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
    const rows: InboxRow[] = await this.dataSource.query(
      `SELECT d."id", d."course_id", d."lecture_id", d."live_class_id", d."user_id", d."author_name", d."at_second", d."body_html", d."me_too_count",
              d."answer_count", d."created_at", d."image_key", ${cursorTimestampSql('d."created_at"')} AS "cursor_at"
         FROM "progress"."doubts" d
        WHERE d."educator_id" = $1 AND d."first_educator_answer_at" IS NULL AND d."hidden_at" IS NULL AND d."resolved_at" IS NULL
          AND ($2::uuid IS NULL OR d."course_id" = $2) AND ($3::uuid IS NULL OR d."lecture_id" = $3)
          AND ($4::timestamptz IS NULL OR (d."created_at", d."id") > ($4::timestamptz, $5::uuid))
        ORDER BY d."created_at", d."id"
        LIMIT $6`,
      [educatorId, query.courseId ?? null, query.lectureId ?? null, after?.at ?? null, after?.id ?? null, DOUBTS_PAGE_SIZE + 1],
    );
    const page = rows.slice(0, DOUBTS_PAGE_SIZE);
    const courses = await this.catalogue.courses(page.map((row) => row.course_id));
    const last = page.at(-1);
    return {
      doubts: page.map((row) => {
        const course = courses.get(row.course_id);
        const lecture = course && row.lecture_id ? lecturesInOrder(course.courseContent).find((entry) => entry.lecture.lectureId === row.lecture_id) : undefined;
        return {
          id: row.id,
          courseId: row.course_id,
          lectureId: row.lecture_id,
          liveClassId: row.live_class_id,
          atSecond: row.at_second,
          html: row.body_html,
          author: { name: row.author_name, isEducator: false },
          mine: false,
          createdAt: new Date(row.created_at).toISOString(),
          resolved: false,
          meToo: Number(row.me_too_count),
          meTooByMe: false,
          answerCount: Number(row.answer_count),
          educatorAnswered: false,
          hidden: false,
          hasImage: row.image_key !== null,
          courseTitle: course?.courseTitle ?? 'Course no longer listed',
          lectureTitle: lecture ? `${lecture.label} ${lecture.lecture.lectureTitle}` : null,
        };
      }),
      nextCursor: rows.length > DOUBTS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /** Doubts and answers the educator hid in their courses, newest hidden first (keyset pages), to show again. */
  async hidden(educatorId: string, cursor?: string): Promise<HiddenPostPage> {
    const after = cursor ? decodeKeysetCursor(cursor) : null;
    const rows: { kind: 'doubt' | 'answer'; id: string; course_id: string; doubt_id: string; body_html: string; author_name: string; hidden_at: Date; cursor_at: string }[] =
      await this.dataSource.query(
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
        [educatorId, after?.at ?? null, after?.id ?? null, DOUBTS_PAGE_SIZE + 1],
      );
    const page = rows.slice(0, DOUBTS_PAGE_SIZE);
    const courses = await this.catalogue.courses(page.map((row) => row.course_id));
    const last = page.at(-1);
    return {
      posts: page.map((row) => ({
        kind: row.kind,
        courseId: row.course_id,
        courseTitle: courses.get(row.course_id)?.courseTitle ?? 'Course no longer listed',
        doubtId: row.doubt_id,
        answerId: row.kind === 'answer' ? row.id : null,
        html: row.body_html,
        authorName: row.author_name,
        hiddenAt: new Date(row.hidden_at).toISOString(),
      })),
      nextCursor: rows.length > DOUBTS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  async summary(educatorId: string): Promise<EducatorDoubtSummary> {
    const [row]: { median: number | null; answered: string; unanswered: string }[] = await this.dataSource.query(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM "first_educator_answer_at" - "created_at"))
                FILTER (WHERE "first_educator_answer_at" IS NOT NULL) AS "median",
              count(*) FILTER (WHERE "first_educator_answer_at" IS NOT NULL) AS "answered",
              count(*) FILTER (WHERE "first_educator_answer_at" IS NULL AND "hidden_at" IS NULL AND "resolved_at" IS NULL) AS "unanswered"
         FROM "progress"."doubts" WHERE "educator_id" = $1`,
      [educatorId],
    );
    return {
      medianSecondsToFirstAnswer: row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median)),
      answeredDoubts: Number(row?.answered ?? 0),
      unansweredDoubts: Number(row?.unanswered ?? 0),
    };
  }
}
