import { catalogueEntities, CATALOGUE_SCHEMA } from './courses/course.entity.js';
import { CreateCatalogue1732500000000 } from './migrations/1732500000000-create-catalogue.js';
import { CreateProcessedEvents1760000200000 } from './migrations/1760000200000-create-processed-events.js';
import { DeadLetters1770200000120 } from './migrations/1770200000120-DeadLetters.js';
import { ChapterQuizzes1790015000000 } from './migrations/1790015000000-chapter-quizzes.js';
import { CourseTaxonomy1790030000000 } from './migrations/1790030000000-course-taxonomy.js';
import { CourseSearchRows1790040000000 } from './migrations/1790040000000-course-search-rows.js';
import { Videos1790100000000 } from './migrations/1790100000000-videos.js';
import { CourseDrafts1790200000000 } from './migrations/1790200000000-course-drafts.js';
import { EducatorPublicId1790210000000 } from './migrations/1790210000000-educator-public-id.js';
import { LiveClasses1790600000000 } from './migrations/1790600000000-live-classes.js';
import { CourseLanguage1790700000000 } from './migrations/1790700000000-course-language.js';
import { LiveStage1790710000000 } from './migrations/1790710000000-live-stage.js';
import { LiveClassJanusNode1790800000000 } from './migrations/1790800000000-live-class-janus-node.js';
import { CourseAccess1790900000000 } from './migrations/1790900000000-course-access.js';
import { CatalogueOutbox1790900000001 } from './migrations/1790900000001-catalogue-outbox.js';

/** The schema, entities and migrations of the catalogue, for CoreModule and the migrate command. */
export const catalogueDatabase = {
  schema: CATALOGUE_SCHEMA,
  entities: catalogueEntities,
  migrations: [CreateCatalogue1732500000000, CreateProcessedEvents1760000200000, DeadLetters1770200000120, ChapterQuizzes1790015000000, CourseTaxonomy1790030000000, CourseSearchRows1790040000000, Videos1790100000000, CourseDrafts1790200000000, EducatorPublicId1790210000000, LiveClasses1790600000000, CourseLanguage1790700000000, LiveStage1790710000000, LiveClassJanusNode1790800000000, CourseAccess1790900000000, CatalogueOutbox1790900000001],
};
