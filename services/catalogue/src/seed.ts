// `npm run seed -w @academy/catalogue`: demo media in the bucket (if missing), the paid demo video transcoded (once)
// and the demo courses (upserted).
import 'reflect-metadata';
import { loadConfig, objectStorageConfigShape, S3ObjectStorage, serviceDataSourceOptions } from '@academy/service-core';
import { z } from 'zod';
import { DataSource } from 'typeorm';
import { catalogueDatabase } from './database.js';
import { seedDemoMedia } from './media/seed-demo-media.js';
import { seedDemoVideo } from './media/seed-demo-video.js';
import { seedDemoCatalogue } from './seed/seed-demo-catalogue.js';

const config = loadConfig({ DATABASE_URL: z.string().url(), ...objectStorageConfigShape });
const storage = new S3ObjectStorage(config);
const dataSource = new DataSource(serviceDataSourceOptions({ ...catalogueDatabase, url: config.DATABASE_URL }));
try {
  const media = await seedDemoMedia(storage);
  if (media.missingVideo) console.warn('media/lectures/test-pattern.mp4 is missing and ffmpeg is not installed: preview clips will not play');
  await dataSource.initialize();
  // Before the courses: a first transcode writes the clip's length into the lectures, the course seed then sets theirs.
  const started = Date.now();
  const paidVideo = await seedDemoVideo(storage, dataSource);
  if (paidVideo === 'no-ffmpeg') console.warn('ffmpeg is not installed: the paid demo lectures\' video was not transcoded and will not play');
  const report = await seedDemoCatalogue(dataSource);
  console.log(JSON.stringify({ msg: 'catalogue seeded', mediaFilesWritten: media.written, paidDemoVideo: paidVideo, paidDemoVideoMs: Date.now() - started, ...report }));
} catch (error) {
  console.error('Seeding the catalogue failed (did `npm run migrate -w @academy/catalogue` run, and does the bucket answer?):', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (dataSource.isInitialized) await dataSource.destroy();
  storage.destroy();
}
