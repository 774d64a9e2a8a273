import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drafts (docs/course-drafts.md): a course that was never published keeps the educator's typed form in
 * `draft_content`, with a version that refuses a stale tab's save. A draft is never published, so the public
 * indexes (all `WHERE is_published`) and the facet trigger never see it.
 */
export class CourseDrafts1790200000000 implements MigrationInterface {
  name = 'CourseDrafts1790200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        ADD COLUMN is_draft boolean NOT NULL DEFAULT false,
        ADD COLUMN draft_content jsonb,
        ADD COLUMN draft_version integer NOT NULL DEFAULT 0,
        ADD CONSTRAINT courses_draft_unpublished CHECK (NOT (is_draft AND is_published))
    `);
    // A draft may have no title yet (the checklist asks for one before it is published).
    await queryRunner.query(`ALTER TABLE catalogue.courses DROP CONSTRAINT courses_title_check`);
    await queryRunner.query(`ALTER TABLE catalogue.courses ADD CONSTRAINT courses_title_check CHECK (length(title) <= 200 AND (is_draft OR length(title) >= 1))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM catalogue.courses WHERE is_draft`);
    await queryRunner.query(`ALTER TABLE catalogue.courses DROP CONSTRAINT courses_title_check`);
    await queryRunner.query(`ALTER TABLE catalogue.courses ADD CONSTRAINT courses_title_check CHECK (length(title) BETWEEN 1 AND 200)`);
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        DROP CONSTRAINT courses_draft_unpublished,
        DROP COLUMN draft_version,
        DROP COLUMN draft_content,
        DROP COLUMN is_draft
    `);
  }
}
