import 'reflect-metadata';
import { bootstrapWorker } from '@academy/service-core';
import { VideoWorkerModule } from './video-worker.module.js';

await bootstrapWorker(VideoWorkerModule);
