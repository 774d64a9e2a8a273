export { CatalogueEventsModule } from './catalogue-events.module.js';
