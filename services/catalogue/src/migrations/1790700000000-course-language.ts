import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a course is taught in (hi, en, hinglish; libs/contracts/src/languages.ts), a filter of the course list with its
 * counts. Existing courses are English. The two trigger-kept tables the list counts from (course_facet_counts without
 * a search, course_search_rows with one) gain the column, and their triggers keep it.
 *
 * Titles are stored in Unicode NFC (the course schemas normalise them) and searched in NFC, so a Hindi title typed
 * with a precomposed nukta letter (क़) and a search typed with क + ◌़ find each other.
 */
export class CourseLanguage1790700000000 implements MigrationInterface {
  name = 'CourseLanguage1790700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE catalogue.courses
        ADD COLUMN language text NOT NULL DEFAULT 'en' CONSTRAINT courses_language_check CHECK (language IN ('hi', 'en', 'hinglish'))`);
    await queryRunner.query(`UPDATE catalogue.courses SET title = normalize(title, NFC) WHERE title IS NOT NFC NORMALIZED`);

    await queryRunner.query(`ALTER TABLE catalogue.course_facet_counts ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    await queryRunner.query(`ALTER TABLE catalogue.course_facet_counts DROP CONSTRAINT course_facet_counts_pkey`);
    await queryRunner.query(`ALTER TABLE catalogue.course_facet_counts ADD PRIMARY KEY (class_from, class_to, subject, board, is_free, rated_4, language)`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalogue.count_course_facets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE'
           AND (OLD.is_published, OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4, OLD.language)
               IS NOT DISTINCT FROM
               (NEW.is_published, NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4, NEW.language) THEN
          RETURN NULL;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_published THEN
          UPDATE catalogue.course_facet_counts SET courses = courses - 1
           WHERE (class_from, class_to, subject, board, is_free, rated_4, language)
               = (OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4, OLD.language);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_published THEN
          INSERT INTO catalogue.course_facet_counts AS f (class_from, class_to, subject, board, is_free, rated_4, language, courses)
          VALUES (NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4, NEW.language, 1)
          ON CONFLICT (class_from, class_to, subject, board, is_free, rated_4, language) DO UPDATE SET courses = f.courses + 1;
        END IF;
        RETURN NULL;
      END $$`);

    await queryRunner.query(`ALTER TABLE catalogue.course_search_rows ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalogue.keep_course_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          DELETE FROM catalogue.course_search_rows WHERE course_id = OLD.id;
        ELSIF NOT NEW.is_published THEN
          DELETE FROM catalogue.course_search_rows WHERE course_id = NEW.id;
        ELSIF TG_OP = 'INSERT'
           OR (OLD.is_published, OLD.title, OLD.class_from, OLD.class_to, OLD.subject, OLD.board, OLD.final_price_paise = 0, OLD.rating_average >= 4, OLD.language)
              IS DISTINCT FROM
              (NEW.is_published, NEW.title, NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4, NEW.language) THEN
          INSERT INTO catalogue.course_search_rows AS s (course_id, title_lower, class_from, class_to, subject, board, is_free, rated_4, language)
          VALUES (NEW.id, lower(NEW.title), NEW.class_from, NEW.class_to, NEW.subject, NEW.board, NEW.final_price_paise = 0, NEW.rating_average >= 4, NEW.language)
          ON CONFLICT (course_id) DO UPDATE SET
            title_lower = EXCLUDED.title_lower, class_from = EXCLUDED.class_from, class_to = EXCLUDED.class_to,
            subject = EXCLUDED.subject, board = EXCLUDED.board, is_free = EXCLUDED.is_free, rated_4 = EXCLUDED.rated_4,
            language = EXCLUDED.language;
        END IF;
        RETURN NULL;
      END $$`);
    // The NFC update above changed titles through the trigger; rows of unchanged courses already hold lower(title).
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalogue.keep_course_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(`ALTER TABLE catalogue.course_search_rows DROP COLUMN language`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION catalogue.count_course_facets() RETURNS trigger LANGUAGE plpgsql AS $$
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
    // Courses in other languages fold back into one row per remaining key.
    await queryRunner.query(`DELETE FROM catalogue.course_facet_counts`);
    await queryRunner.query(`ALTER TABLE catalogue.course_facet_counts DROP CONSTRAINT course_facet_counts_pkey, DROP COLUMN language`);
    await queryRunner.query(`ALTER TABLE catalogue.course_facet_counts ADD PRIMARY KEY (class_from, class_to, subject, board, is_free, rated_4)`);
    await queryRunner.query(`
      INSERT INTO catalogue.course_facet_counts (class_from, class_to, subject, board, is_free, rated_4, courses)
      SELECT class_from, class_to, subject, board, final_price_paise = 0, rating_average >= 4, count(*)
        FROM catalogue.courses WHERE is_published
       GROUP BY 1, 2, 3, 4, 5, 6`);
    await queryRunner.query(`ALTER TABLE catalogue.courses DROP COLUMN language`);
  }
}
