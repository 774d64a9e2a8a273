import { DOUBTS_PAGE_SIZE, lecturesInOrder, type EducatorDoubtSummary, type EducatorInbox, type EducatorInboxQuery, type HiddenPostPage } from '@academy/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { DoubtsRepository } from './doubts.repository.js';

/**
 * What waits for an educator: doubts of their courses they have not answered (not hidden, not resolved by the
 * asker), oldest first so nobody waits longest; and the figures their dashboard shows. A doubt keeps the educator
 * the course had when it was asked (progress.doubts.educator_id), so this reads one index, not every course.
 */
@Injectable()
export class EducatorInboxService {
  constructor(
    private readonly doubts: DoubtsRepository,
    private readonly catalogue: CatalogueClient,
  ) {}

  async unanswered(educatorId: string, query: EducatorInboxQuery): Promise<EducatorInbox> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
    const rows = await this.doubts.unansweredFor(educatorId, { courseId: query.courseId ?? null, lectureId: query.lectureId ?? null }, after, DOUBTS_PAGE_SIZE + 1);
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
    const rows = await this.doubts.hiddenFor(educatorId, after, DOUBTS_PAGE_SIZE + 1);
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
    const figures = await this.doubts.educatorFigures(educatorId);
    return {
      medianSecondsToFirstAnswer: figures.medianSeconds === null ? null : Math.round(figures.medianSeconds),
      answeredDoubts: figures.answered,
      unansweredDoubts: figures.unanswered,
    };
  }
}
