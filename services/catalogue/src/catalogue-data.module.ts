import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CourseAccessRepository } from './access/course-access.repository.js';
import { CourseCache } from './courses/course-cache.js';
import { CourseCountersRepository } from './events/course-counters.repository.js';
import { catalogueEntities } from './courses/course.entity.js';

/**
 * The catalogue's repositories (with who may open a course, CourseAccessRepository) and its course cache, global so that job handlers (which QueueModule.forWorker
 * instantiates inside its own module) can inject them as well as controllers and services.
 */
@Global()
@Module({ imports: [TypeOrmModule.forFeature(catalogueEntities)], providers: [CourseCache, CourseAccessRepository, CourseCountersRepository], exports: [TypeOrmModule, CourseCache, CourseAccessRepository, CourseCountersRepository] })
export class CatalogueDataModule {}
