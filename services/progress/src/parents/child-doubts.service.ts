import { DOUBTS_PAGE_SIZE, lecturesInOrder, type ChildDoubtPage } from '@academy/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DoubtsRepository } from '../doubts/doubts.repository.js';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { ParentLinksService } from './parent-links.service.js';

/** The doubts a linked child asked, for the parent's read-only view: where, when, and whether answered. */
@Injectable()
export class ChildDoubtsService {
  constructor(
    private readonly doubts: DoubtsRepository,
    private readonly links: ParentLinksService,
    private readonly catalogue: CatalogueClient,
  ) {}

  /** Newest first, keyset pages; 404 for a child not linked to the parent. */
  async list(parentId: string, childId: string, cursor?: string): Promise<ChildDoubtPage> {
    await this.links.assertLinked(parentId, childId);
    const after = cursor ? decodeKeysetCursor(cursor) : null;
    const rows = await this.doubts.askedBy(childId, after, DOUBTS_PAGE_SIZE + 1);
    const page = rows.slice(0, DOUBTS_PAGE_SIZE);
    const courses = await this.catalogue.courses(page.map((row) => row.course_id));
    const last = page.at(-1);
    return {
      doubts: page.map((row) => {
        const course = courses.get(row.course_id);
        const lecture = course ? lecturesInOrder(course.courseContent).find((entry) => entry.lecture.lectureId === row.lecture_id) : undefined;
        return {
          id: row.id,
          courseId: row.course_id,
          courseTitle: course?.courseTitle ?? 'Course no longer listed',
          lectureTitle: lecture ? `${lecture.label} ${lecture.lecture.lectureTitle}` : null,
          askedAt: new Date(row.created_at).toISOString(),
          answered: Number(row.answer_count) > 0,
          educatorAnswered: row.first_educator_answer_at !== null,
          resolved: row.resolved_at !== null,
        };
      }),
      nextCursor: rows.length > DOUBTS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }
}
