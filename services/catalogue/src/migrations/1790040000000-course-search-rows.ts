import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The course list's counts under a search text read one narrow row per published course: the title already in
 * lower case and the filtered columns, nothing else. A common word matches a tenth of the catalogue, so the count
 * pass reads every row; over the courses that pass lowers each title and walks rows five times as wide (measured
 * in bench/results/catalogue-search.md). A trigger keeps the rows, as it keeps catalogue.course_facet_counts.
 */
export class CourseSearchRows1790040000000 implements MigrationInterface {
  name = 'CourseSearchRows1790040000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE catalogue.course_search_rows (
        course_id uuid PRIMARY KEY REFERENCES catalogue.courses (id) ON DELETE CASCADE,
        title_lower text NOT NULL,
        class_from smallint NOT NULL,
        class_to smallint NOT NULL,
        subject text NOT NULL,
        board text NOT NULL,
        is_free boolean NOT NULL,
        rated_4 boolean NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX course_search_rows_title_trgm_idx ON catalogue.course_search_rows USING gin (title_lower gin_trgm_ops)`);
    await queryRunner.query(`
      CREATE FUNCTION catalogue.keep_course_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM catalogue.course_search_rows WHERE course_id = OLD.id;
        ELSIF NOT NEW.is_published THEN
          DELETE FROM catalogue.course_search_rows WHERE course_id = NEW.id;
        ELSIF TG_OP = 'INSERT'
           OR (OLD.is_published, OLD.title, OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4)
              IS DISTINCT FROM
              (NEW.is_published, NEW.title, NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4) THEN
          INSERT INTO catalogue.course_search_rows AS s (course_id, title_lower, class_from, class_to, subject, board, is_free, rated_4)
          VALUES (NEW.id, lower(NEW.title), NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4)
          ON CONFLICT (course_id) DO UPDATE SET
            title_lower = EXCLUDED.title_lower, class_from = EXCLUDED.class_from, class_to = EXCLUDED.class_to,
            subject = EXCLUDED.subject, board = EXCLUDED.board, is_free = EXCLUDED.is_free, rated_4 = EXCLUDED.rated_4;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER courses_keep_search_row AFTER INSERT OR UPDATE OR DELETE ON catalogue.courses
        FOR EACH ROW EXECUTE FUNCTION catalogue.keep_course_search_row()`);
    await queryRunner.query(`
      INSERT INTO catalogue.course_search_rows (course_id, title_lower, class_from, class_to, subject, board, is_free, rated_4)
      SELECT id, lower(title), class_from, class_to, subject, board, final_price_paise = 0, rating_average >= 4
        FROM catalogue.courses WHERE is_published`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER IF EXISTS courses_keep_search_row ON catalogue.courses');
    await queryRunner.query('DROP FUNCTION IF EXISTS catalogue.keep_course_search_row()');
    await queryRunner.query('DROP TABLE IF EXISTS catalogue.course_search_rows');
  }
}
