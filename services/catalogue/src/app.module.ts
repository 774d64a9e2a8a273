import { CATALOGUE_EVENTS_QUEUE, LIVE_CLASS_NOTICE_QUEUE } from '@academy/contracts';
import { CoreModule, CspReportsModule, mediaLinksProvider, objectStorageProvider, OperatorQueuesModule, QueueModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CoursesController } from './courses/courses.controller.js';
import { CoursesRepository } from './courses/courses.repository.js';
import { CoursesService } from './courses/courses.service.js';
import { catalogueConfigShape } from './catalogue-config.js';
import { catalogueDatabase } from './database.js';
import { CatalogueDataModule } from './catalogue-data.module.js';
import { EducatorCoursesController } from './educator/educator-courses.controller.js';
import { EducatorCoursesService } from './educator/educator-courses.service.js';
import { QueueHealthController } from './health/queue-health.controller.js';
import { ThumbnailStore } from './educator/thumbnail-store.js';
import { LectureFileStore } from './educator/lecture-file-store.js';
import { InternalCoursesController } from './internal/internal-courses.controller.js';
import { InternalEducatorsController } from './internal/internal-educators.controller.js';
import { EducatorLiveClassesController, InternalLiveClassesController, LiveClassesController } from './live-classes/live-classes.controller.js';
import { LiveClassReminders } from './live-classes/live-class-reminders.js';
import { LiveClassesRepository } from './live-classes/live-classes.repository.js';
import { LiveClassesService } from './live-classes/live-classes.service.js';
import { LiveEngine } from './live-classes/live-engine.js';
import { LivePlaybackController } from './live-classes/live-playback.controller.js';
import { LiveWhipController } from './live-classes/live-whip.controller.js';
import { LIVE_QUEUE } from './live-classes/live-packager.js';
import { LiveStudio } from './live-classes/live-studio.js';
import { MediaController } from './media/media.controller.js';
import { PaidFilesController } from './media/paid-files.controller.js';
import { VideoAuthoringController } from './videos/video-authoring.controller.js';
import { VideoPlaybackController } from './videos/video-playback.controller.js';
import { VIDEO_QUEUE } from './videos/video-queue.js';
import { VideoTranscodeQueue, VideoUploads, VideoUploadsController } from './videos/video-uploads.js';
import { VideosRepository } from './videos/videos.repository.js';

/**
 * The HTTP entry point: public catalogue, educator routes, internal course reads, /media/ files, signed paid files,
 * video uploads (tus) and protected playback, /health/queue.
 */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'catalogue', database: catalogueDatabase, configShape: catalogueConfigShape }),
    CatalogueDataModule,
    QueueModule.forProducer(CATALOGUE_EVENTS_QUEUE),
    QueueModule.forProducer(VIDEO_QUEUE),
    // Live class reminders are delayed jobs of progress's queue (its worker knows who is enrolled).
    QueueModule.forProducer(LIVE_CLASS_NOTICE_QUEUE),
    QueueModule.forProducer(LIVE_QUEUE),
    // The operators' queue dashboard (every queue of the deployment) at /internal/queues, OPERATOR_TOKEN only.
    OperatorQueuesModule.forRoot({ queues: [CATALOGUE_EVENTS_QUEUE, VIDEO_QUEUE, LIVE_QUEUE] }),
    // Browsers' Content Security Policy violation reports (the edge's policy names /api/csp-reports).
    CspReportsModule,
  ],
  controllers: [
    CoursesController,
    EducatorCoursesController,
    InternalCoursesController,
    InternalEducatorsController,
    MediaController,
    PaidFilesController,
    VideoUploadsController,
    VideoAuthoringController,
    VideoPlaybackController,
    QueueHealthController,
    EducatorLiveClassesController,
    LiveClassesController,
    InternalLiveClassesController,
    LivePlaybackController, LiveWhipController,
  ],
  providers: [CoursesService, CoursesRepository, EducatorCoursesService, mediaLinksProvider, objectStorageProvider, ThumbnailStore, LectureFileStore,
    VideosRepository, VideoUploads, VideoTranscodeQueue,
    LiveClassesRepository, LiveClassReminders, LiveClassesService, LiveEngine, LiveStudio],
})
export class AppModule {}
