import type { LiveDoubt } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface LiveDoubtRow {
  id: string;
  live_class_id: string;
  user_id: string;
  author_name: string;
  at_second: number;
  body_html: string;
  client_id: string;
  created_at: Date;
}

const toLiveDoubt = (row: LiveDoubtRow): LiveDoubt => ({
  id: row.id,
  classId: row.live_class_id,
  userId: row.user_id,
  userName: row.author_name,
  atSecond: row.at_second,
  html: row.body_html,
  clientId: row.client_id,
  askedAt: row.created_at.toISOString(),
});

const COLUMNS = `"id", "live_class_id", "user_id", "author_name", "at_second", "body_html", "client_id", "created_at"`;
/** Most doubts a (re)joining client gets back. */
const LIVE_DOUBTS_HISTORY_MAX = 200;

/**
 * Doubts asked during a live class, as the class shows them. They are rows of progress.doubts (written through
 * DoubtsRepository, like every doubt) with the class and the second of the class.
 */
@Injectable()
export class LiveDoubtsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the user is enrolled in the course now. */
  async isEnrolled(userId: string, courseId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 LIMIT 1`, [userId, courseId]);
    return rows.length > 0;
  }

  /** The doubt this client already sent (a resend after a reconnect), if any. */
  async byClientId(classId: string, userId: string, clientId: string): Promise<LiveDoubt | null> {
    const rows: LiveDoubtRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM "progress"."doubts" WHERE "live_class_id" = $1 AND "user_id" = $2 AND "client_id" = $3`,
      [classId, userId, clientId],
    );
    return rows[0] ? toLiveDoubt(rows[0]) : null;
  }

  /** The class's doubts, oldest first: every one (`userId` null, the educator) or one learner's. Hidden ones left out. */
  async list(classId: string, userId: string | null): Promise<LiveDoubt[]> {
    const rows: LiveDoubtRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT ${COLUMNS} FROM "progress"."doubts"
         WHERE "live_class_id" = $1 AND ($2::text IS NULL OR "user_id" = $2) AND "hidden_at" IS NULL
         ORDER BY "created_at" DESC, "id" DESC LIMIT ${LIVE_DOUBTS_HISTORY_MAX}) latest ORDER BY "created_at", "id"`,
      [classId, userId],
    );
    return rows.map(toLiveDoubt);
  }
}
