import 'reflect-metadata';
import { bootstrapHttp } from '@academy/service-core';
import { AppModule } from './app.module.js';

await bootstrapHttp(AppModule, { rawBody: true });
