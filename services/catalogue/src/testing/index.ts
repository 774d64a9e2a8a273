// Public test entry point (`@academy/catalogue/testing`): the services that call catalogue run the real catalogue
// app (not a stand-in) in their integration tests through it, on their own database.
export { startTestCatalogue, type CatalogueRequest, type TestCatalogue, type CallerEnvironment, type TestCourse } from './test-catalogue.js';
