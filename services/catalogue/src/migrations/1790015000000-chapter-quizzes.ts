import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A chapter's quiz (questions and key, with its id and version) is part of the chapter. */
export class ChapterQuizzes1790015000000 implements MigrationInterface {
  name = 'ChapterQuizzes1790015000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalogue.chapters ADD COLUMN quiz jsonb NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE catalogue.chapters DROP COLUMN quiz');
  }
}
