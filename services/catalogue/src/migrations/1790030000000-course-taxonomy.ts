import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a course is for (class range, subject, board; lists in libs/contracts/src/taxonomy.ts) and what the course
 * list filters and sorts on. Existing courses are filled from their titles ("Class 8 Maths: …"); a title that
 * names no class serves every class (7–12), one that names no known subject gets "other", and every board.
 * Two generated columns keep the price after discount (paise) and the average rating sortable and indexable.
 */
export class CourseTaxonomy1790030000000 implements MigrationInterface {
  name = 'CourseTaxonomy1790030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        ADD COLUMN class_from smallint NOT NULL DEFAULT 7,
        ADD COLUMN class_to smallint NOT NULL DEFAULT 12,
        ADD COLUMN subject text NOT NULL DEFAULT 'other',
        ADD COLUMN board text NOT NULL DEFAULT 'any',
        ADD COLUMN final_price_paise bigint GENERATED ALWAYS AS (round(price * (100 - discount))) STORED,
        ADD COLUMN rating_average numeric GENERATED ALWAYS AS
          (CASE WHEN rating_count > 0 THEN rating_sum::numeric / rating_count ELSE 0 END) STORED`);

    // Backfill from the titles: "Class 8 …" or "Class 11-12 …" gives the range; the first subject word found wins.
    await queryRunner.query(`
      UPDATE catalogue.courses SET
        class_from = COALESCE(substring(title FROM '(?i)class(?:es)?\\s+(7|8|9|10|11|12)\\M')::smallint, 7),
        class_to = COALESCE(
          substring(title FROM '(?i)class(?:es)?\\s+(?:7|8|9|10|11|12)\\s*[-–]\\s*(7|8|9|10|11|12)\\M')::smallint,
          substring(title FROM '(?i)class(?:es)?\\s+(7|8|9|10|11|12)\\M')::smallint,
          12),
        subject = CASE
          WHEN title ~* '\\m(computer science|coding|programming|python)' THEN 'computer-science'
          WHEN title ~* '\\m(maths?|mathematics|algebra|geometry)\\M' THEN 'mathematics'
          WHEN title ~* '\\mphysics\\M' THEN 'physics'
          WHEN title ~* '\\mchemistry\\M' THEN 'chemistry'
          WHEN title ~* '\\mbiology\\M' THEN 'biology'
          WHEN title ~* '\\mscience\\M' THEN 'science'
          WHEN title ~* '\\menglish\\M' THEN 'english'
          WHEN title ~* '\\mhindi\\M' THEN 'hindi'
          WHEN title ~* '\\m(social science|history|geography|civics|political science)\\M' THEN 'social-science'
          WHEN title ~* '\\meconomics\\M' THEN 'economics'
          WHEN title ~* '\\maccountancy|accounting\\M' THEN 'accountancy'
          WHEN title ~* '\\mbusiness studies\\M' THEN 'business-studies'
          ELSE 'other' END,
        board = CASE WHEN title ~* '\\mCBSE\\M' THEN 'cbse' WHEN title ~* '\\mICSE\\M' THEN 'icse' ELSE 'any' END`);
    // A "Class 12-11" title must not break the range check: such a title serves 7–12.
    await queryRunner.query(`UPDATE catalogue.courses SET class_from = 7, class_to = 12 WHERE class_to < class_from`);
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        ADD CONSTRAINT courses_class_range_check CHECK (class_from BETWEEN 7 AND 12 AND class_to BETWEEN class_from AND 12),
        ADD CONSTRAINT courses_board_check CHECK (board IN ('cbse', 'icse', 'state', 'any'))`);

    // Filtered pages: each sort's keyset walks its own index of published courses; the equality filters
    // (subject, board) lead where they are most selective.
    await queryRunner.query(`CREATE INDEX courses_published_subject_created_idx ON catalogue.courses (subject, created_at DESC, id DESC) WHERE is_published`);
    await queryRunner.query(`CREATE INDEX courses_published_popular_idx ON catalogue.courses (student_count DESC, id DESC) WHERE is_published`);
    await queryRunner.query(`CREATE INDEX courses_published_rating_idx ON catalogue.courses (rating_average DESC, id DESC) WHERE is_published`);
    await queryRunner.query(`CREATE INDEX courses_published_subject_rating_idx ON catalogue.courses (subject, rating_average DESC, id DESC) WHERE is_published`);
    await queryRunner.query(`CREATE INDEX courses_published_subject_popular_idx ON catalogue.courses (subject, student_count DESC, id DESC) WHERE is_published`);
    await queryRunner.query(`CREATE INDEX courses_published_price_idx ON catalogue.courses (final_price_paise, id) WHERE is_published`);
    // The counts per filter value without a search read this summary instead of the courses: one row per
    // combination of the filtered columns (a few thousand at most, however many courses), kept by a trigger.
    await queryRunner.query(`
      CREATE TABLE catalogue.course_facet_counts (
        class_from smallint NOT NULL,
        class_to smallint NOT NULL,
        subject text NOT NULL,
        board text NOT NULL,
        is_free boolean NOT NULL,
        rated_4 boolean NOT NULL,
        courses int NOT NULL CHECK (courses >= 0),
        PRIMARY KEY (class_from, class_to, subject, board, is_free, rated_4)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION catalogue.count_course_facets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
           AND (OLD.is_published, OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4)
               IS NOT DISTINCT FROM
               (NEW.is_published, NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_published THEN
          UPDATE catalogue.course_facet_counts SET courses = courses - 1
           WHERE (class_from, class_to, subject, board, is_free, rated_4)
               = (OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_published THEN
          INSERT INTO catalogue.course_facet_counts AS f (class_from, class_to, subject, board, is_free, rated_4, courses)
          VALUES (NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4, 1)
          ON CONFLICT (class_from, class_to, subject, board, is_free, rated_4) DO UPDATE SET courses = f.courses + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER courses_count_facets AFTER INSERT OR UPDATE OR DELETE ON catalogue.courses
        FOR EACH ROW EXECUTE FUNCTION catalogue.count_course_facets()`);
    await queryRunner.query(`
      INSERT INTO catalogue.course_facet_counts (class_from, class_to, subject, board, is_free, rated_4, courses)
      SELECT class_from, class_to, subject, board, final_price_paise = 0, rating_average >= 4, count(*)
        FROM catalogue.courses WHERE is_published
       GROUP BY 1, 2, 3, 4, 5, 6`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER IF EXISTS courses_count_facets ON catalogue.courses');
    await queryRunner.query('DROP FUNCTION IF EXISTS catalogue.count_course_facets()');
    await queryRunner.query('DROP TABLE IF EXISTS catalogue.course_facet_counts');
    for (const index of ['courses_published_subject_popular_idx', 'courses_published_subject_rating_idx', 'courses_published_price_idx', 'courses_published_rating_idx', 'courses_published_popular_idx', 'courses_published_subject_created_idx']) {
      await queryRunner.query(`DROP INDEX IF EXISTS catalogue.${index}`);
    }
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        DROP COLUMN rating_average, DROP COLUMN final_price_paise,
        DROP CONSTRAINT courses_board_check, DROP CONSTRAINT courses_class_range_check,
        DROP COLUMN board, DROP COLUMN subject, DROP COLUMN class_to, DROP COLUMN class_from`);
  }
}
