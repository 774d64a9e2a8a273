// Public test entry point (`@academy/catalogue/testing`): the services that call catalogue run the real catalogue
// app (not a stand-in) in their integration tests through it, on their own database. Its types are read from these
// sources (package.json): catalogue's controllers use multer's global types, which its own tsconfig lists.
/// <reference types="multer" />
export { startTestCatalogue, type CatalogueRequest, type TestCatalogue, type CallerEnvironment, type TestCourse } from './test-catalogue.js';
