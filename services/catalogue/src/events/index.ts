export { CatalogueEventsModule } from './catalogue-events.module.js';
export { CreateProcessedEvents1760000200000 } from './catalogue-events.migration.js';
