import type { LiveClassDto, LiveClassStatus } from '@academy/contracts';
import { uploadedVideoUrl } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface LiveClassRow extends LiveClassDto {
  educatorId: string;
  /** When Start made it live (ISO), where its recording starts: a doubt's second in the class counts from it. */
  wentLiveAt: string | null;
}

const columns = `l."id", l."course_id" AS "courseId", c."title" AS "courseTitle", l."chapter_id" AS "chapterId", ch."title" AS "chapterTitle",
  l."title", l."starts_at" AS "startsAt", l."starts_at" + make_interval(mins => l."duration_minutes") AS "endsAt",
  l."duration_minutes" AS "durationMinutes", l."status", l."recording_lecture_id" AS "recordingLectureId", l."educator_id" AS "educatorId", l."went_live_at" AS "wentLiveAt"`;
const from = `FROM "catalogue"."live_classes" l
  JOIN "catalogue"."courses" c ON c."id" = l."course_id"
  JOIN "catalogue"."chapters" ch ON ch."id" = l."chapter_id"`;

type RawRow = Omit<LiveClassRow, 'startsAt' | 'endsAt' | 'wentLiveAt'> & { startsAt: Date; endsAt: Date; wentLiveAt: Date | null };
const toRow = (raw: RawRow): LiveClassRow => ({
  ...raw, startsAt: raw.startsAt.toISOString(), endsAt: raw.endsAt.toISOString(), wentLiveAt: raw.wentLiveAt ? raw.wentLiveAt.toISOString() : null,
});

/** TypeORM answers an UPDATE … RETURNING with [rows, count]. */
const updatedRows = (result: unknown): never => (Array.isArray((result as unknown[])[0]) ? (result as unknown[][])[0] : result) as never;

/** Most classes one course list answers (upcoming first); older ended ones are left out. */
export const LIVE_CLASS_LIST_MAX = 100;

/** catalogue.live_classes, read with the course and chapter titles. */
@Injectable()
export class LiveClassesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(id: string): Promise<LiveClassRow | null> {
    const rows: RawRow[] = await this.dataSource.query(`SELECT ${columns} ${from} WHERE l."id" = $1`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The course's classes that have not ended nor been cancelled (`includePast`: every class), soonest first. */
  async listForCourse(courseId: string, options: { includePast: boolean }): Promise<LiveClassRow[]> {
    const where = options.includePast ? '' : `AND l."status" IN ('scheduled', 'live')`;
    const rows: RawRow[] = await this.dataSource.query(
      `SELECT ${columns} ${from} WHERE l."course_id" = $1 ${where} ORDER BY l."starts_at", l."id" LIMIT ${LIVE_CLASS_LIST_MAX}`,
      [courseId],
    );
    return rows.map(toRow);
  }

  /** Upcoming and live classes of these courses, soonest first (at most LIVE_CLASS_LIST_MAX). */
  async listForCourses(courseIds: readonly string[]): Promise<LiveClassRow[]> {
    if (courseIds.length === 0) return [];
    const rows: RawRow[] = await this.dataSource.query(
      `SELECT ${columns} ${from} WHERE l."course_id" = ANY($1::uuid[]) AND l."status" IN ('scheduled', 'live') ORDER BY l."starts_at", l."id" LIMIT ${LIVE_CLASS_LIST_MAX}`,
      [courseIds],
    );
    return rows.map(toRow);
  }

  /** The course's owner and whether the chapter belongs to it (null: no such course). */
  async courseOwnerAndChapter(courseId: string, chapterId: string): Promise<{ educatorId: string; chapterInCourse: boolean } | null> {
    const rows: { educatorId: string; chapterInCourse: boolean }[] = await this.dataSource.query(
      `SELECT c."educator_id" AS "educatorId", EXISTS (SELECT 1 FROM "catalogue"."chapters" ch WHERE ch."id" = $2 AND ch."course_id" = c."id") AS "chapterInCourse"
         FROM "catalogue"."courses" c WHERE c."id" = $1`,
      [courseId, chapterId],
    );
    return rows[0] ?? null;
  }

  async courseEducator(courseId: string): Promise<string | null> {
    const rows: { educatorId: string }[] = await this.dataSource.query(`SELECT "educator_id" AS "educatorId" FROM "catalogue"."courses" WHERE "id" = $1`, [courseId]);
    return rows[0]?.educatorId ?? null;
  }

  /** The class's Janus room number, made once (Janus numbers rooms; a random one keeps classes apart). */
  async ensureJanusRoom(id: string): Promise<number> {
    const rows: { room: string }[] = await this.dataSource.query(
      `UPDATE "catalogue"."live_classes" SET "janus_room" = coalesce("janus_room", 1 + floor(random() * 2000000000)::bigint) WHERE "id" = $1 RETURNING "janus_room" AS "room"`,
      [id],
    ).then(updatedRows);
    return Number(rows[0]!.room);
  }

  /** The Janus node the class was placed on when it started (null before). */
  async janusNode(id: string): Promise<string | null> {
    const rows: { node: string | null }[] = await this.dataSource.query(`SELECT "janus_node" AS "node" FROM "catalogue"."live_classes" WHERE "id" = $1`, [id]);
    return rows[0]?.node ?? null;
  }

  /** How many classes are live on each node (placement's measure of load). */
  async liveClassesPerNode(): Promise<Map<string, number>> {
    const rows: { node: string; classes: string }[] = await this.dataSource.query(
      `SELECT "janus_node" AS "node", count(*) AS "classes" FROM "catalogue"."live_classes" WHERE "status" = 'live' AND "janus_node" IS NOT NULL GROUP BY 1`,
    );
    return new Map(rows.map((row) => [row.node, Number(row.classes)]));
  }

  async setJanusNode(id: string, node: string): Promise<void> {
    await this.dataSource.query(`UPDATE "catalogue"."live_classes" SET "janus_node" = $2 WHERE "id" = $1`, [id, node]);
  }

  async setLivePrefix(id: string, prefix: string): Promise<void> {
    await this.dataSource.query(`UPDATE "catalogue"."live_classes" SET "live_prefix" = $2 WHERE "id" = $1`, [id, prefix]);
  }

  /** Where the class's live HLS is in the bucket (null before it first went on air) and its Janus room. */
  async liveState(id: string): Promise<{ livePrefix: string | null; janusRoom: number | null } | null> {
    const rows: { livePrefix: string | null; janusRoom: string | null }[] = await this.dataSource.query(
      `SELECT "live_prefix" AS "livePrefix", "janus_room" AS "janusRoom" FROM "catalogue"."live_classes" WHERE "id" = $1`,
      [id],
    );
    return rows[0] ? { livePrefix: rows[0].livePrefix, janusRoom: rows[0].janusRoom === null ? null : Number(rows[0].janusRoom) } : null;
  }

  async courseTitle(courseId: string): Promise<string> {
    const rows: { title: string }[] = await this.dataSource.query(`SELECT "title" FROM "catalogue"."courses" WHERE "id" = $1`, [courseId]);
    return rows[0]?.title ?? '';
  }

  async insert(values: { id: string; courseId: string; chapterId: string; educatorId: string; title: string; startsAt: string; durationMinutes: number }): Promise<LiveClassRow> {
    const [{ id }]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO "catalogue"."live_classes" ("id", "course_id", "chapter_id", "educator_id", "title", "starts_at", "duration_minutes")
       VALUES ($7, $1, $2, $3, $4, $5, $6) RETURNING "id"`,
      [values.courseId, values.chapterId, values.educatorId, values.title, values.startsAt, values.durationMinutes, values.id],
    );
    return (await this.find(id!))!;
  }

  /**
   * Changes a class only while it is in `from` (one statement: two educators' tabs cannot both reschedule a class
   * that one of them just cancelled). Null when it was not in that state.
   */
  async update(
    id: string,
    from: readonly LiveClassStatus[],
    changes: { title?: string; startsAt?: string; durationMinutes?: number; status?: LiveClassStatus },
  ): Promise<LiveClassRow | null> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "catalogue"."live_classes" SET
         "title" = coalesce($3, "title"), "starts_at" = coalesce($4::timestamptz, "starts_at"),
         "duration_minutes" = coalesce($5, "duration_minutes"), "status" = coalesce($6, "status"),
         "went_live_at" = CASE WHEN $6 = 'live' THEN now() ELSE "went_live_at" END,
         "ended_at" = CASE WHEN $6 = 'ended' THEN now() ELSE "ended_at" END,
         "updated_at" = now()
       WHERE "id" = $1 AND "status" = ANY($2::text[]) RETURNING "id"`,
      [id, from, changes.title ?? null, changes.startsAt ?? null, changes.durationMinutes ?? null, changes.status ?? null],
    );
    const rows = updatedRows(result) as { id: string }[];
    return rows.length > 0 ? this.find(id) : null;
  }

  /** Who is on the class's stage (null: nobody). */
  async stageUser(id: string): Promise<string | null> {
    const rows: { userId: string | null }[] = await this.dataSource.query(`SELECT "stage_user_id" AS "userId" FROM "catalogue"."live_classes" WHERE "id" = $1`, [id]);
    return rows[0]?.userId ?? null;
  }

  /**
   * Puts a learner on the live class's stage while nobody else is there (or takes `userId` off it with null, only if
   * they are the one there, when `onlyIf` is given). True when it changed.
   */
  async setStage(id: string, userId: string | null, onlyIf?: string): Promise<boolean> {
    const result: unknown = userId
      ? await this.dataSource.query(
          `UPDATE "catalogue"."live_classes" SET "stage_user_id" = $2 WHERE "id" = $1 AND "status" = 'live' AND ("stage_user_id" IS NULL OR "stage_user_id" = $2) RETURNING "id"`,
          [id, userId],
        )
      : await this.dataSource.query(
          `UPDATE "catalogue"."live_classes" SET "stage_user_id" = NULL WHERE "id" = $1 AND ($2::text IS NULL OR "stage_user_id" = $2) RETURNING "id"`,
          [id, onlyIf ?? null],
        );
    return (updatedRows(result) as unknown[]).length > 0;
  }

  /** The class's stream key for OBS, made once (`renew`: a new one, the old one stops working at once). */
  async streamKey(id: string, fresh: string, renew: boolean): Promise<string> {
    const rows: { key: string }[] = await this.dataSource.query(
      `UPDATE "catalogue"."live_classes" SET "stream_key" = CASE WHEN $3 THEN $2 ELSE coalesce("stream_key", $2) END WHERE "id" = $1 RETURNING "stream_key" AS "key"`,
      [id, fresh, renew],
    ).then(updatedRows);
    return rows[0]!.key;
  }

  /**
   * The class's recording becomes a (not free) lecture at the end of the class's chapter, playing the uploaded
   * video, and the class points at it; in the caller's transaction.
   */
  /** A lecture at the end of the class's chapter, playing the recording's video. */
  async addRecordingLecture(
    manager: EntityManager,
    chapterId: string,
    lecture: { lectureId: string; title: string; durationMinutes: number; videoId: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "catalogue"."lectures" ("id", "chapter_id", "title", "duration_minutes", "url", "is_preview_free", "lecture_order")
       SELECT $1, $2, $3, $4, $5, false, coalesce(max("lecture_order"), 0) + 1 FROM "catalogue"."lectures" WHERE "chapter_id" = $2`,
      [lecture.lectureId, chapterId, lecture.title, lecture.durationMinutes, uploadedVideoUrl(lecture.videoId)],
    );
  }

  async setRecordingLecture(manager: EntityManager, classId: string, lectureId: string): Promise<void> {
    await manager.query(`UPDATE "catalogue"."live_classes" SET "recording_lecture_id" = $2 WHERE "id" = $1`, [classId, lectureId]);
  }

  async streamKeyOf(id: string): Promise<string | null> {
    const rows: { key: string | null }[] = await this.dataSource.query(`SELECT "stream_key" AS "key" FROM "catalogue"."live_classes" WHERE "id" = $1`, [id]);
    return rows[0]?.key ?? null;
  }
}
