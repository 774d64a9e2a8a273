import 'reflect-metadata';
import { bootstrapWorker } from '@academy/service-core';
import { WorkerModule } from './worker.module.js';

await bootstrapWorker(WorkerModule);
