import type { VideoStatus, VideoStatusDto } from '@academy/contracts';
import { uploadedVideoUrl } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

export interface VideoRow {
  id: string;
  educatorId: string;
  sourceKey: string;
  sourceName: string;
  sourceBytes: number;
  status: VideoStatus;
  progress: number;
  failureReason: string | null;
  aesKey: Buffer;
  renditionPrefix: string | null;
  renditions: string[];
  posterKey: string | null;
  captionsKey: string | null;
  durationSeconds: number | null;
}

/** A lecture that plays the video, with what decides who may watch it. */
export interface VideoLecture {
  courseId: string;
  courseEducatorId: string;
  isPreviewFree: boolean;
}

const columns = `id, educator_id AS "educatorId", source_key AS "sourceKey", source_name AS "sourceName", source_bytes::float8 AS "sourceBytes",
  status, progress, failure_reason AS "failureReason", aes_key AS "aesKey", rendition_prefix AS "renditionPrefix", renditions,
  poster_key AS "posterKey", captions_key AS "captionsKey", duration_seconds AS "durationSeconds"`;

export function toVideoStatus(video: VideoRow): VideoStatusDto {
  return {
    videoId: video.id,
    status: video.status,
    progress: video.progress,
    failureReason: video.failureReason,
    durationSeconds: video.durationSeconds,
    renditions: video.status === 'ready' ? video.renditions : [],
    hasCaptions: video.captionsKey !== null,
  };
}

/** catalogue.videos (migration 1790100000000-videos.ts). */
@Injectable()
export class VideosRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(video: { id: string; educatorId: string; sourceKey: string; sourceName: string; sourceBytes: number }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalogue.videos (id, educator_id, source_key, source_name, source_bytes, status, aes_key) VALUES ($1, $2, $3, $4, $5, 'uploading', $6)`,
      [video.id, video.educatorId, video.sourceKey, video.sourceName.slice(0, 300), video.sourceBytes, randomBytes(16)],
    );
  }

  /** The seed's fixed video: made once, kept (with its key) on later runs. */
  async createIfMissing(video: { id: string; educatorId: string; sourceKey: string; sourceName: string; sourceBytes: number }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO catalogue.videos (id, educator_id, source_key, source_name, source_bytes, status, aes_key) VALUES ($1, $2, $3, $4, $5, 'uploading', $6)
       ON CONFLICT (id) DO NOTHING`,
      [video.id, video.educatorId, video.sourceKey, video.sourceName.slice(0, 300), video.sourceBytes, randomBytes(16)],
    );
  }

  async setSourceBytes(id: string, sourceBytes: number): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.videos SET source_bytes = $2, updated_at = now() WHERE id = $1`, [id, sourceBytes]);
  }

  /** Processing again whatever the state (the seed, when a Ready video's files are gone from the bucket). */
  async restartProcessing(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.videos SET status = 'processing', progress = 0, failure_reason = NULL, updated_at = now() WHERE id = $1`, [id]);
  }

  async find(id: string): Promise<VideoRow | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
    const rows: VideoRow[] = await this.dataSource.query(`SELECT ${columns} FROM catalogue.videos WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM catalogue.videos WHERE id = $1`, [id]);
  }

  /** Queued for (re)processing; false when it is already being processed or is ready. */
  async markProcessing(id: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE catalogue.videos SET status = 'processing', progress = 0, failure_reason = NULL, updated_at = now()
       WHERE id = $1 AND status IN ('uploading', 'failed') RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async setProgress(id: string, progress: number): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.videos SET progress = $2, updated_at = now() WHERE id = $1 AND status = 'processing'`, [id, progress]);
  }

  /**
   * Ready only once every rendition is in the bucket: the folder, poster and duration switch in one statement, and
   * every lecture playing the video gets its duration (minutes, rounded up). Returns the previous folder, if any.
   */
  async markReady(id: string, ready: { renditionPrefix: string; renditions: string[]; posterKey: string; durationSeconds: number }): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const previous: { renditionPrefix: string | null }[] = await manager.query(
        `SELECT rendition_prefix AS "renditionPrefix" FROM catalogue.videos WHERE id = $1 FOR UPDATE`,
        [id],
      );
      await manager.query(
        `UPDATE catalogue.videos SET status = 'ready', progress = 100, failure_reason = NULL, rendition_prefix = $2, renditions = $3,
           poster_key = $4, duration_seconds = $5, updated_at = now() WHERE id = $1`,
        [id, ready.renditionPrefix, ready.renditions, ready.posterKey, Math.round(ready.durationSeconds)],
      );
      await manager.query(`UPDATE catalogue.lectures SET duration_minutes = $2 WHERE url = $1`, [uploadedVideoUrl(id), Math.max(1, Math.ceil(ready.durationSeconds / 60))]);
      const before = previous[0]?.renditionPrefix ?? null;
      return before === ready.renditionPrefix ? null : before;
    });
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE catalogue.videos SET status = 'failed', failure_reason = $2, updated_at = now() WHERE id = $1 AND status <> 'ready'`,
      [id, reason.slice(0, 500)],
    );
  }

  async setCaptions(id: string, captionsKey: string): Promise<void> {
    await this.dataSource.query(`UPDATE catalogue.videos SET captions_key = $2, updated_at = now() WHERE id = $1`, [id, captionsKey]);
  }

  /** The lectures (of any course) whose link is this video. */
  async lecturesPlaying(id: string): Promise<VideoLecture[]> {
    return this.dataSource.query(
      `SELECT c.id AS "courseId", c.educator_id AS "courseEducatorId", l.is_preview_free AS "isPreviewFree"
       FROM catalogue.lectures l JOIN catalogue.chapters ch ON ch.id = l.chapter_id JOIN catalogue.courses c ON c.id = ch.course_id
       WHERE l.url = $1`,
      [uploadedVideoUrl(id)],
    );
  }

  /** Of these video ids, the ones that are not the educator's own (or do not exist). */
  async notOwnedBy(educatorId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM catalogue.videos WHERE id = ANY($1::uuid[]) AND educator_id = $2`, [ids, educatorId]);
    const owned = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !owned.has(id));
  }

  /** Of these video ids, the ones not ready yet. */
  async notReady(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query(`SELECT id FROM catalogue.videos WHERE id = ANY($1::uuid[]) AND status = 'ready'`, [ids]);
    const ready = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !ready.has(id));
  }
}
