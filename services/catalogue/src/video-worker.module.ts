import { CoreModule, objectStorageProvider, OutboxModule, QueueModule } from '@academy/service-core';
import { Global, Module } from '@nestjs/common';
import { catalogueConfigShape } from './catalogue-config.js';
import { catalogueOutbox } from './catalogue-outbox.js';
import { CatalogueDataModule } from './catalogue-data.module.js';
import { catalogueDatabase } from './database.js';
import { TranscodeVideoJob } from './videos/transcode-video.job.js';
import { VIDEO_QUEUE, VideoJob } from './videos/video-queue.js';
import { VideosRepository } from './videos/videos.repository.js';
import { LiveClassesRepository } from './live-classes/live-classes.repository.js';
import { LiveJob } from './live-classes/live-packager.js';
import { liveQueueName } from './live-classes/live-engine.js';
import { PackageLiveClassJob } from './live-classes/package-live-class.job.js';
import { RecordLiveClassJob } from './live-classes/record-live-class.job.js';

/** What the transcoding job reads and writes: the bucket, the videos table, and the outbox (a recording's lecture, for progress). */
@Global()
@Module({
  imports: [OutboxModule.forRoot(catalogueOutbox)],
  providers: [objectStorageProvider, VideosRepository, LiveClassesRepository],
  exports: [objectStorageProvider, VideosRepository, LiveClassesRepository, OutboxModule],
})
class VideoStorageModule {}

/**
 * The video worker entry point: transcodes uploads (queue `catalogue-videos`) one at a time, since ffmpeg uses every
 * core it gets; scaled on its own (infra/src/deploy/k8s-manifests.ts) apart from the catalogue's event worker.
 */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'catalogue-video-worker', database: catalogueDatabase, http: false, configShape: catalogueConfigShape }),
    CatalogueDataModule,
    VideoStorageModule,
    QueueModule.forWorker({ queue: VIDEO_QUEUE, jobNames: Object.values(VideoJob), handlers: [TranscodeVideoJob], concurrency: 1 }),
    // Live classes being taught: one long job each (ffmpeg packaging the forwarded stream) beside the transcodes. In a
    // cluster the worker in a Janus pod takes its node's queue only (LIVE_NODE, read before the config is loaded
    // because the queue is wired here; the config checks the same variable). A short lock: a killed worker's live job
    // is taken up by another within about 15 s, not a minute (learners wait).
    QueueModule.forWorker({
      queue: liveQueueName(process.env.LIVE_NODE), jobNames: Object.values(LiveJob), handlers: [PackageLiveClassJob, RecordLiveClassJob], concurrency: 4, imports: [CatalogueDataModule],
      lockDuration: 10_000, stalledInterval: 5_000,
    }),
  ],
})
export class VideoWorkerModule {}
