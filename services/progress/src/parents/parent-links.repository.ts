import type { LinkedPerson } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LINK_EVENT_COLUMNS, type LinkEventRow } from './parent-link-events.js';

interface PersonRow {
  id: string;
  name: string;
  email: string;
  image_url: string;
  created_at: Date;
}

const toPerson = (row: PersonRow): LinkedPerson => ({
  id: row.id,
  name: row.name,
  email: row.email,
  imageUrl: row.image_url,
  linkedAt: new Date(row.created_at).toISOString(),
});

/** A one-time link code as found under its row lock. */
export interface LockedLinkCode {
  childId: string;
  expired: boolean;
  used: boolean;
}

/** A linked child who has been quiet for at least their parent's number of days. */
export interface QuietChild {
  parentId: string;
  childId: string;
  childName: string;
  lastActive: Date;
}

/** A linked child's quiz failed twice (since the link) and never passed. */
export interface QuizFailedTwice {
  parentId: string;
  childId: string;
  childName: string;
  courseId: string;
  quizId: string;
  bestPercent: number;
}

/** A reviewed assignment's handed-in file. */
export interface ReviewedHandIn {
  assignmentId: string;
  fileKey: string;
  fileName: string | null;
}

/** progress.parent_links and progress.link_codes: who may read which child's progress, and the codes that link them. */
@Injectable()
export class ParentLinksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The child's unused codes stop working now. */
  async expireUnusedCodes(manager: EntityManager, childId: string): Promise<void> {
    await manager.query(`UPDATE "progress"."link_codes" SET "expires_at" = LEAST("expires_at", now()) WHERE "child_id" = $1 AND "used_at" IS NULL`, [childId]);
  }

  async insertCode(manager: EntityManager, code: { codeHash: string; childId: string; expiresAt: Date }): Promise<void> {
    await manager.query(`INSERT INTO "progress"."link_codes" ("code_hash", "child_id", "expires_at") VALUES ($1, $2, $3)`, [code.codeHash, code.childId, code.expiresAt]);
  }

  /** The code under a row lock for the caller's transaction (null: no such code). */
  async lockCode(manager: EntityManager, codeHash: string): Promise<LockedLinkCode | null> {
    const rows: LockedLinkCode[] = await manager.query(
      `SELECT "child_id" AS "childId", "expires_at" <= now() AS "expired", "used_at" IS NOT NULL AS "used"
         FROM "progress"."link_codes" WHERE "code_hash" = $1 FOR UPDATE`,
      [codeHash],
    );
    return rows[0] ?? null;
  }

  async markCodeUsed(manager: EntityManager, codeHash: string, parentId: string): Promise<void> {
    await manager.query(`UPDATE "progress"."link_codes" SET "used_at" = now(), "used_by" = $2 WHERE "code_hash" = $1`, [codeHash, parentId]);
  }

  /** Links the parent to the child (linking again changes nothing). */
  /** The link made (none when it existed), with what its event carries. */
  link(manager: EntityManager, parentId: string, childId: string): Promise<LinkEventRow[]> {
    return manager.query(
      `INSERT INTO "progress"."parent_links" ("parent_id", "child_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${LINK_EVENT_COLUMNS}`,
      [parentId, childId],
    );
  }

  /** Removes the link between the two, in whichever roles; the links removed (none when there was none). */
  async unlink(manager: EntityManager, userId: string, otherId: string): Promise<LinkEventRow[]> {
    // TypeORM answers a DELETE … RETURNING on PostgreSQL with [rows, affected count].
    const [rows]: [LinkEventRow[], number] = await manager.query(
      `DELETE FROM "progress"."parent_links"
        WHERE ("parent_id" = $1 AND "child_id" = $2) OR ("parent_id" = $2 AND "child_id" = $1) RETURNING ${LINK_EVENT_COLUMNS}`,
      [userId, otherId],
    );
    return rows;
  }

  async isLinked(parentId: string, childId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM "progress"."parent_links" WHERE "parent_id" = $1 AND "child_id" = $2', [parentId, childId]);
    return rows.length > 0;
  }

  /** The parent's children, in the order they were linked. */
  async childrenOf(parentId: string): Promise<LinkedPerson[]> {
    const rows: PersonRow[] = await this.dataSource.query(
      `SELECT u."id", u."name", u."email", u."image_url", l."created_at" FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."child_id" WHERE l."parent_id" = $1 ORDER BY l."created_at", u."id"`,
      [parentId],
    );
    return rows.map(toPerson);
  }

  /** The child's parents, in the order they were linked. */
  async parentsOf(childId: string): Promise<LinkedPerson[]> {
    const rows: PersonRow[] = await this.dataSource.query(
      `SELECT u."id", u."name", u."email", u."image_url", l."created_at" FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."parent_id" WHERE l."child_id" = $1 ORDER BY l."created_at", u."id"`,
      [childId],
    );
    return rows.map(toPerson);
  }

  /** The files behind the child's reviewed assignments (what a linked parent may open). */
  async reviewedHandIns(childId: string): Promise<ReviewedHandIn[]> {
    return this.dataSource.query(
      `SELECT "assignment_id" AS "assignmentId", "file_key" AS "fileKey", "file_name" AS "fileName" FROM "progress"."assignment_submissions"
        WHERE "learner_id" = $1 AND "reviewed_at" IS NOT NULL AND "file_key" IS NOT NULL`,
      [childId],
    );
  }

  /**
   * Linked children enrolled in a course who have not studied (lecture completed, playback saved, quiz attempted)
   * for their parent's number of days at `now`, counted from the last activity or from the link when none since.
   * A parent without settings gets `defaultDays`; one who turned the alert off (null days) gets none.
   */
  async quietChildren(now: Date, defaultDays: number): Promise<QuietChild[]> {
    return this.dataSource.query(
      `SELECT w."parent_id" AS "parentId", w."child_id" AS "childId", w."child_name" AS "childName", w."last_active" AS "lastActive" FROM (
         SELECT l."parent_id", l."child_id", u."name" AS "child_name",
                -- No settings row: the default spell; a row with null: the parent turned the alert off.
                CASE WHEN es."parent_id" IS NULL THEN $2::int ELSE es."inactivity_days" END AS "days",
                GREATEST(
                  l."created_at",
                  (SELECT max(lc."completed_at") FROM "progress"."lecture_completions" lc WHERE lc."user_id" = l."child_id"),
                  (SELECT max(p."updated_at") FROM "progress"."playback_positions" p WHERE p."user_id" = l."child_id"),
                  (SELECT max(q."created_at") FROM "progress"."quiz_attempts" q WHERE q."user_id" = l."child_id")
                ) AS "last_active"
           FROM "progress"."parent_links" l
           JOIN "progress"."users" u ON u."id" = l."child_id"
           LEFT JOIN "progress"."parent_email_settings" es ON es."parent_id" = l."parent_id"
          WHERE EXISTS (SELECT 1 FROM "progress"."enrolments" e WHERE e."user_id" = l."child_id")
       ) w
        WHERE w."days" IS NOT NULL AND w."last_active" <= $1::timestamptz - make_interval(days => w."days")
        ORDER BY w."parent_id", w."child_id"`,
      [now, defaultDays],
    );
  }

  /**
   * Quizzes a linked child failed at least twice, the last failure after the link, and never passed; only for
   * parents who have not turned quiz alerts off.
   */
  async quizzesFailedTwice(): Promise<QuizFailedTwice[]> {
    return this.dataSource.query(
      `SELECT l."parent_id" AS "parentId", l."child_id" AS "childId", u."name" AS "childName", q."course_id" AS "courseId", q."quiz_id" AS "quizId",
              max(q."percent")::int AS "bestPercent"
         FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."child_id"
         LEFT JOIN "progress"."parent_email_settings" s ON s."parent_id" = l."parent_id"
         JOIN "progress"."quiz_attempts" q ON q."user_id" = l."child_id"
        WHERE COALESCE(s."quiz_alerts", true)
        GROUP BY l."parent_id", l."child_id", u."name", q."course_id", q."quiz_id", l."created_at"
       HAVING NOT bool_or(q."passed")
          AND count(*) FILTER (WHERE NOT q."passed") >= 2
          AND max(q."created_at") FILTER (WHERE NOT q."passed") > l."created_at"
        ORDER BY l."parent_id", l."child_id", q."quiz_id"`,
    );
  }
}
