// The seeded demo's paid lectures play an uploaded, transcoded video: the seed runs the upload's own processing
// (real ffmpeg, s3rver, PostgreSQL), and no answer about a paid lecture (public course detail, the educator's form,
// the playlists) holds an mp4 or a key URL that works without the caller's signature.
import { uploadedVideoUrl, type CourseDetail } from '@academy/contracts';
import { MEDIA_LINK_MISSING_MESSAGE, MediaLinks, OBJECT_STORAGE, runMigrations, type ObjectStorage } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_MEDIA_LINK_SECRET, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { DEMO_PAID_VIDEO_ID, DEMO_VIDEO_URL, demoCourses } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';
import { CatalogueEventFeed } from '../testing/catalogue-event-feed.js';
import { WorkerModule } from '../worker.module.js';
import { PAID_VIDEO_NOT_SERVED_MESSAGE } from './paid-files.controller.js';
import { seedDemoMedia } from './seed-demo-media.js';
import { seedDemoVideo } from './seed-demo-video.js';

const OTHER_STUDENT = { sub: 'sandbox|student-diya', name: 'Diya Patel', email: 'diya@demo.academy', roles: ['student'] };
/** A paid demo course with both a preview clip and paid lectures playing the uploaded video. */
const course = demoCourses.find((candidate) => {
  const lectures = candidate.chapters.flatMap((chapter) => chapter.lectures);
  return lectures.some((lecture) => lecture.isPreviewFree && lecture.url === DEMO_VIDEO_URL) && lectures.some((lecture) => !lecture.isPreviewFree && lecture.url === uploadedVideoUrl(DEMO_PAID_VIDEO_ID));
})!;

type AnyLecture = { isPreviewFree: boolean; lectureUrl: string | null; notesUrl: string | null; testUrl: string | null };
const lecturesOf = (content: ReadonlyArray<{ chapterContent: ReadonlyArray<AnyLecture> }>) => content.flatMap((chapter) => chapter.chapterContent);

describe('the seeded paid demo video', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let eventWorker: INestApplicationContext;
  let feed: CatalogueEventFeed;
  let storage: ObjectStorage;
  let dataSource: DataSource;
  let educatorToken: string;
  const links = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600);
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    // Who is enrolled reaches catalogue as progress's events, applied by catalogue's event worker.
    eventWorker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    feed = await CatalogueEventFeed.open(env);
    storage = app.get<ObjectStorage>(OBJECT_STORAGE);
    dataSource = app.get<DataSource>(getDataSourceToken());
    // A bucket left by an older seed still holds a plain copy of the clip for paid lectures: the seed removes it.
    await storage.put('paid/lectures/test-pattern.mp4', Buffer.from('old paid mp4'), { contentType: 'video/mp4' });
    await seedDemoMedia(storage);
    expect(await seedDemoVideo(storage, dataSource)).toBe('transcoded');
    await seedDemoCatalogue(dataSource);
    educatorToken = await env.issuer.sign(demoUsers.educator);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await feed?.close();
    await eventWorker?.close();
    await env?.teardown();
  });

  it('is Ready as an encrypted HLS ladder with a poster and captions, made once (a second seed leaves it alone)', async () => {
    const { body } = await http().get(`/api/educator/videos/${DEMO_PAID_VIDEO_ID}`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
    expect(body.video).toMatchObject({ status: 'ready', renditions: ['240p', '360p'], hasCaptions: true });
    const [row] = await dataSource.query(`SELECT rendition_prefix AS prefix, poster_key AS poster FROM catalogue.videos WHERE id = $1`, [DEMO_PAID_VIDEO_ID]);
    expect(await storage.head(row.poster)).toMatchObject({ contentType: 'image/jpeg' });
    const master = (await storage.get(`${row.prefix}240p/index.m3u8`))!.body.toString('utf8');
    expect(master).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\.\.\/key"/);
    expect(await storage.head('paid/lectures/test-pattern.mp4')).toBeNull();

    expect(await seedDemoVideo(storage, dataSource)).toBe('ready');
    const [again] = await dataSource.query(`SELECT rendition_prefix AS prefix FROM catalogue.videos WHERE id = $1`, [DEMO_PAID_VIDEO_ID]);
    expect(again.prefix).toBe(row.prefix);
    // The course seed set the lectures' own minutes back after the transcode wrote the clip's length.
    const paid = course.chapters.flatMap((chapter) => chapter.lectures).find((lecture) => !lecture.isPreviewFree && lecture.url === uploadedVideoUrl(DEMO_PAID_VIDEO_ID))!;
    const [lecture] = await dataSource.query(`SELECT duration_minutes AS minutes FROM catalogue.lectures WHERE id = $1`, [paid.id]);
    expect(lecture.minutes).toBe(paid.durationMinutes);
  });

  it('public course answers carry no link of a paid lecture, no mp4 but the preview clip, no key', async () => {
    for (const demo of demoCourses.filter((candidate) => candidate.isPublished)) {
      const { body, text } = await http().get(`/api/course/${demo.id}`).expect(200);
      const lectures = lecturesOf((body.courseData as CourseDetail).courseContent);
      for (const lecture of lectures.filter((candidate) => !candidate.isPreviewFree)) {
        expect([lecture.lectureUrl, lecture.notesUrl, lecture.testUrl]).toEqual([null, null, null]);
      }
      expect(lectures.filter((lecture) => lecture.lectureUrl?.includes('.mp4')).every((lecture) => lecture.isPreviewFree && lecture.lectureUrl === DEMO_VIDEO_URL)).toBe(true);
      expect(text).not.toContain(DEMO_PAID_VIDEO_ID);
      expect(text).not.toMatch(/\/key\b/);
    }
  });

  it('an enrolled learner gets only the signed playlist, whose key and segments refuse anyone without that signature', async () => {
    await feed.enrol(demoUsers.student.sub, course.id);
    // The link progress signs for the learner's My Enrollments page.
    const signed = links.sign(uploadedVideoUrl(DEMO_PAID_VIDEO_ID), demoUsers.student.sub);
    expect(signed).toMatch(new RegExp(`^/api/videos/${DEMO_PAID_VIDEO_ID}/master\\.m3u8\\?user=.+&expires=\\d+&signature=`));
    const query = signed.slice(signed.indexOf('?'));
    const master = await http().get(signed).expect(200);
    expect(master.text).not.toMatch(/\.mp4/);
    const rung = master.text.split('\n').find((line) => line.startsWith('240p/'))!;
    const playlist = await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/${rung}`).expect(200);
    const keyUri = /URI="([^"]+)"/.exec(playlist.text)![1]!;
    expect(keyUri).toBe(`../key${query}`);
    await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/key${query}`).expect(200);
    // Without the signature nothing answers (401), with another learner's signature nothing either (403).
    for (const file of ['master.m3u8', '240p/index.m3u8', '240p/seg_00000.ts', 'key', 'poster.jpg', 'captions.vtt']) {
      const refused = await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/${file}`).expect(401);
      expect(refused.body).toEqual({ success: false, message: MEDIA_LINK_MISSING_MESSAGE });
    }
    const other = links.sign(uploadedVideoUrl(DEMO_PAID_VIDEO_ID), OTHER_STUDENT.sub);
    await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/key${other.slice(other.indexOf('?'))}`).expect(403);
    // The poster and captions come with the same signature.
    expect((await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/poster.jpg${query}`).expect(200)).headers['content-type']).toBe('image/jpeg');
    expect((await http().get(`/api/videos/${DEMO_PAID_VIDEO_ID}/captions.vtt${query}`).expect(200)).text).toContain('WEBVTT');
  });

  it("the educator's form signs the paid lectures' playlist and holds no mp4 of a paid lecture", async () => {
    const { body } = await http().get(`/api/educator/courses/${course.id}`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
    const lectures = lecturesOf(body.course.courseContent as CourseDetail['courseContent']);
    for (const lecture of lectures.filter((candidate) => !candidate.isPreviewFree)) expect(lecture.lectureUrl ?? '').not.toMatch(/\.mp4/);
    expect(lectures.some((lecture) => lecture.lectureUrl?.startsWith(`/api/videos/${DEMO_PAID_VIDEO_ID}/master.m3u8?user=`))).toBe(true);
  });

  it('the signed file route answers no video at all, by name or by stored type (404)', async () => {
    await storage.put('paid/lectures/kept.mp4', Buffer.from('a paid mp4'), { contentType: 'video/mp4' });
    await storage.put('paid/notes/renamed.pdf', Buffer.from('a paid mp4 named as notes'), { contentType: 'video/mp4' });
    for (const file of ['lectures/kept.mp4', 'lectures/test-pattern.mp4', 'notes/renamed.pdf']) {
      const { body } = await http().get(links.sign(`/api/files/${file}`, demoUsers.student.sub)).expect(404);
      expect(body).toEqual({ success: false, message: PAID_VIDEO_NOT_SERVED_MESSAGE });
    }
  });
});
