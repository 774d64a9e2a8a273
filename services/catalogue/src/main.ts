import 'reflect-metadata';
import { bootstrapHttp } from '@academy/service-core';
import { CATALOGUE_JSON_BODY_LIMIT } from './catalogue-config.js';
import { AppModule } from './app.module.js';

await bootstrapHttp(AppModule, { jsonBodyLimit: CATALOGUE_JSON_BODY_LIMIT });
