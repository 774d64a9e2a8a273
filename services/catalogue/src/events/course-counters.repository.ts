import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** TypeORM answers an UPDATE on PostgreSQL with [rows, affected count]. */
const affected = (result: unknown): number => (result as [unknown, number])[1];

/** The course counters other services' events move (students, ratings) and the events already applied to them. */
@Injectable()
export class CourseCountersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the event as applied; false when it already was (a redelivery). */
  async recordEvent(manager: EntityManager, key: string, topic: string, courseId: string): Promise<boolean> {
    const fresh: unknown[] = await manager.query(
      `INSERT INTO catalogue.processed_events (event_key, topic, course_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [key, topic, courseId],
    );
    return fresh.length > 0;
  }

  async wasApplied(key: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM catalogue.processed_events WHERE event_key = $1', [key]);
    return rows.length > 0;
  }

  /** Adds `delta` students (never below 0); the number of courses changed (0: no such course). */
  async addStudents(manager: EntityManager, courseId: string, delta: number): Promise<number> {
    return affected(await manager.query('UPDATE catalogue.courses SET student_count = GREATEST(student_count + $2, 0) WHERE id = $1', [courseId, delta]));
  }

  /** Adds to the rating's sum and count; the number of courses changed (0: no such course). */
  async addRating(manager: EntityManager, courseId: string, delta: { sum: number; count: number }): Promise<number> {
    return affected(
      await manager.query('UPDATE catalogue.courses SET rating_sum = rating_sum + $2, rating_count = rating_count + $3 WHERE id = $1', [courseId, delta.sum, delta.count]),
    );
  }
}
