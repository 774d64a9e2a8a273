// Public test entry point (`@academy/catalogue/testing`): the services that call catalogue run the real catalogue
// app (not a stand-in) in their integration tests through it, on their own database. Its types are read from these
// sources (package.json): catalogue's controllers use multer's global types, which its own tsconfig lists.
/// <reference types="multer" />
export { startTestCatalogue, type CatalogueRequest, type TestCatalogue, type CallerEnvironment, type TestCourse } from './test-catalogue.js';
// Catalogue's own modules and parts, for progress's integration tests of what spans both (live classes, chapter
// quizzes): progress calls catalogue, so those tests live with progress and start catalogue from here.
export { AppModule as CatalogueAppModule } from '../app.module.js';
export { WorkerModule as CatalogueWorkerModule } from '../worker.module.js';
export { catalogueDatabase } from '../database.js';
export { catalogueOutbox } from '../catalogue-outbox.js';
export { CourseCache } from '../courses/course-cache.js';
export { VideosRepository } from '../videos/videos.repository.js';
export { LiveClassesRepository } from '../live-classes/live-classes.repository.js';
export { NOT_ENROLLED_IN_CLASS_MESSAGE, START_IN_PAST_MESSAGE } from '../live-classes/live-classes.service.js';
export { RecordLiveClassJob, type RecordLiveClassData } from '../live-classes/record-live-class.job.js';
