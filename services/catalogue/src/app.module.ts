import { CoreModule, mediaLinksProvider } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CoursesController } from './courses/courses.controller.js';
import { CoursesService } from './courses/courses.service.js';
import { catalogueDatabase } from './database/catalogue-database.js';
import { CatalogueDataModule } from './database/catalogue-data.module.js';
import { EducatorCoursesController } from './educator/educator-courses.controller.js';
import { EducatorCoursesService } from './educator/educator-courses.service.js';
import { thumbnailStoreProviders } from './educator/thumbnail-store.js';
import { InternalCoursesController } from './internal/internal-courses.controller.js';
import { InternalEducatorsController } from './internal/internal-educators.controller.js';
import { MediaController } from './media/media.controller.js';
import { PaidFilesController } from './media/paid-files.controller.js';

/** The HTTP entry point: public catalogue, educator routes, internal course reads, /media/ files and signed paid files. */
@Module({
  imports: [CoreModule.forRoot({ service: 'catalogue', database: catalogueDatabase }), CatalogueDataModule],
  controllers: [CoursesController, EducatorCoursesController, InternalCoursesController, InternalEducatorsController, MediaController, PaidFilesController],
  providers: [CoursesService, EducatorCoursesService, mediaLinksProvider, ...thumbnailStoreProviders()],
})
export class AppModule {}
