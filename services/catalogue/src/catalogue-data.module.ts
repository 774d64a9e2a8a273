import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { catalogueEntities } from './courses/course.entity.js';

/**
 * The catalogue's repositories, global so that job handlers (which QueueModule.forWorker instantiates inside
 * its own module) can inject them as well as controllers and services.
 */
@Global()
@Module({ imports: [TypeOrmModule.forFeature(catalogueEntities)], exports: [TypeOrmModule] })
export class CatalogueDataModule {}
