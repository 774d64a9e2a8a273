import 'reflect-metadata';
import { bootstrapHttp } from '@academy/service-core';
import { AppModule } from './app.module.js';

await bootstrapHttp(AppModule, { port: Number(process.env.PORT ?? 3102), rawBody: true });
