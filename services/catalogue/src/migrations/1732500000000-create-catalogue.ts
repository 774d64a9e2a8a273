import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCatalogue1732500000000 implements MigrationInterface {
  name = 'CreateCatalogue1732500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS catalogue`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // The extension may live in any schema (public by default); qualify its operator class wherever it is.
    const [{ schema }] = (await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;

    await queryRunner.query(`
      CREATE TABLE catalogue.courses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        description_html text NOT NULL DEFAULT '',
        thumbnail_url text NOT NULL,
        price numeric(10,2) NOT NULL CHECK (price >= 0),
        discount int NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
        educator_id text NOT NULL,
        educator_name text NOT NULL,
        is_published boolean NOT NULL DEFAULT true,
        rating_sum int NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
        rating_count int NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
        student_count int NOT NULL DEFAULT 0 CHECK (student_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Keyset pagination of the public list walks this index.
    await queryRunner.query(
      `CREATE INDEX courses_published_created_idx ON catalogue.courses (created_at DESC, id DESC) WHERE is_published`,
    );
    await queryRunner.query(`CREATE INDEX courses_educator_idx ON catalogue.courses (educator_id)`);
    // Substring search on the title: lower(title) LIKE '%text%' uses this trigram index.
    await queryRunner.query(
      `CREATE INDEX courses_title_trgm_idx ON catalogue.courses USING gin (lower(title) "${schema}".gin_trgm_ops)`,
    );

    await queryRunner.query(`
      CREATE TABLE catalogue.chapters (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        course_id uuid NOT NULL REFERENCES catalogue.courses(id) ON DELETE CASCADE,
        title text NOT NULL,
        chapter_order int NOT NULL CHECK (chapter_order >= 1),
        UNIQUE (course_id, chapter_order)
      )`);
    await queryRunner.query(`
      CREATE TABLE catalogue.lectures (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        chapter_id uuid NOT NULL REFERENCES catalogue.chapters(id) ON DELETE CASCADE,
        title text NOT NULL,
        duration_minutes int NOT NULL CHECK (duration_minutes >= 0),
        url text NOT NULL,
        is_preview_free boolean NOT NULL DEFAULT false,
        notes_url text,
        test_url text,
        lecture_order int NOT NULL CHECK (lecture_order >= 1),
        UNIQUE (chapter_id, lecture_order)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS catalogue.lectures`);
    await queryRunner.query(`DROP TABLE IF EXISTS catalogue.chapters`);
    await queryRunner.query(`DROP TABLE IF EXISTS catalogue.courses`);
  }
}
