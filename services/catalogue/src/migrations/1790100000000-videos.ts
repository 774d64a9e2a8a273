import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded lecture videos (docs/video.md): the source an educator uploaded, its processing state, and, once Ready,
 * the folder of its encrypted HLS renditions. `aes_key` encrypts every segment and is answered only to the entitled.
 */
export class Videos1790100000000 implements MigrationInterface {
  name = 'Videos1790100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalogue.videos (
        id uuid PRIMARY KEY,
        educator_id text NOT NULL,
        source_key text NOT NULL,
        source_name text NOT NULL,
        source_bytes bigint NOT NULL,
        status text NOT NULL CHECK (status IN ('uploading', 'processing', 'ready', 'failed')),
        progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
        failure_reason text,
        aes_key bytea NOT NULL CHECK (octet_length(aes_key) = 16),
        rendition_prefix text,
        renditions text[] NOT NULL DEFAULT '{}',
        poster_key text,
        captions_key text,
        duration_seconds integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX videos_educator_idx ON catalogue.videos (educator_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE catalogue.videos`);
  }
}
