// `npm run seed -w @academy/catalogue`: demo media files (if missing) and the demo courses (upserted).
import 'reflect-metadata';
import { serviceDataSourceOptions } from '@academy/service-core';
import { DataSource } from 'typeorm';
import { catalogueDatabase } from './database.js';
import { generateMedia } from './media/generate-media.js';
import { seedDemoCatalogue } from './seed/seed-demo-catalogue.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('Invalid configuration: DATABASE_URL is required');
  process.exit(1);
}
const media = generateMedia();
if (media.missingVideo) console.warn('media/lectures/test-pattern.mp4 is missing and ffmpeg is not installed: mp4 lectures will not play');
const dataSource = new DataSource(serviceDataSourceOptions({ ...catalogueDatabase, url }));
await dataSource.initialize();
try {
  const report = await seedDemoCatalogue(dataSource);
  console.log(JSON.stringify({ msg: 'catalogue seeded', mediaFilesWritten: media.written, ...report }));
} catch (error) {
  console.error('Seeding the catalogue failed (did `npm run migrate -w @academy/catalogue` run?):', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await dataSource.destroy();
}
