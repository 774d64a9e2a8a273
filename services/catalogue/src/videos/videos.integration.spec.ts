import { uploadedVideoUrl, VIDEO_FORMAT_REFUSED_MESSAGE, VIDEO_TOO_LARGE_MESSAGE, VIDEO_UPLOAD_MAX_BYTES, VIDEOS_NOT_READY_MESSAGE } from '@academy/contracts';
import { MEDIA_LINK_MISSING_MESSAGE, MediaLinks, OBJECT_STORAGE, runMigrations, type ObjectStorage } from '@academy/service-core';
import { demoUsers, eventually, prepareServiceTestEnvironment, TEST_MEDIA_LINK_SECRET, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { CatalogueEventFeed } from '../testing/catalogue-event-feed.js';
import { VideoWorkerModule } from '../video-worker.module.js';
import { WorkerModule } from '../worker.module.js';
import { NOT_ENTITLED_MESSAGE } from './video-playback.controller.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };
const OTHER_STUDENT = { sub: 'sandbox|student-diya', name: 'Diya Patel', email: 'diya@demo.academy', roles: ['student'] };
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082', 'hex');

describe('uploaded lecture videos: tus upload, transcoding job, protected HLS playback', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let eventWorker: INestApplicationContext;
  let feed: CatalogueEventFeed;
  let storage: ObjectStorage;
  let dataSource: DataSource;
  let work: string;
  let video: Buffer;
  let educatorToken: string;
  let otherEducatorToken: string;
  let studentToken: string;
  const links = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600);
  const http = () => request(app.getHttpServer());
  const tus = (token: string) => ({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' });

  /** Starts a tus upload and returns its id (the last segment of Location). */
  async function createUpload(token: string, size: number, filename: string): Promise<string> {
    const created = await http().post('/api/educator/videos/uploads').set(tus(token))
      .set('Upload-Length', String(size)).set('Upload-Metadata', `filename ${Buffer.from(filename).toString('base64')}`).expect(201);
    return String(created.headers.location).split('/').pop()!;
  }
  const patch = (token: string, id: string, offset: number, bytes: Buffer) =>
    http().patch(`/api/educator/videos/uploads/${id}`).set(tus(token)).set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream').send(bytes);

  async function waitForStatus(id: string, wanted: string[]): Promise<{ status: string; progress: number; failureReason: string | null; durationSeconds: number | null; renditions: string[] }> {
    return eventually(
      async () => (await http().get(`/api/educator/videos/${id}`).set('Authorization', `Bearer ${educatorToken}`).expect(200)).body.video,
      (video) => wanted.includes(video.status),
      { what: `video ${id} to be ${wanted.join(' or ')}`, timeoutMs: 120_000, intervalMs: 300 },
    );
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'academy-videos-spec-'));
    const source = path.join(work, 'lecture.mp4');
    // Short and small on purpose (a shared machine): 7 s at 320x240 makes the 240p rung only.
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=15:duration=7',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=7', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source]);
    video = readFileSync(source);
    env = await prepareServiceTestEnvironment({ JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '100' });
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    // Enrolments and refunds arrive as progress's events on catalogue's queue, applied by catalogue's event worker.
    eventWorker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    feed = await CatalogueEventFeed.open(env);
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    worker = await (await Test.createTestingModule({ imports: [VideoWorkerModule] }).compile()).init();
    storage = app.get<ObjectStorage>(OBJECT_STORAGE);
    dataSource = app.get<DataSource>(getDataSourceToken());
    educatorToken = await env.issuer.sign(demoUsers.educator);
    otherEducatorToken = await env.issuer.sign(OTHER_EDUCATOR);
    studentToken = await env.issuer.sign(demoUsers.student);
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await feed?.close();
    await eventWorker?.close();
    await env?.teardown();
    rmSync(work, { recursive: true, force: true });
  });

  describe('who may upload', () => {
    it('refuses the signed-out (401) and learners (403)', async () => {
      await http().post('/api/educator/videos/uploads').set('Tus-Resumable', '1.0.0').set('Upload-Length', '10').expect(401);
      await http().post('/api/educator/videos/uploads').set(tus(studentToken)).set('Upload-Length', '10').expect(403);
    });

    it('refuses a file over the limit before anything is stored (413 with the limit)', async () => {
      const { body } = await http().post('/api/educator/videos/uploads').set(tus(educatorToken)).set('Upload-Length', String(VIDEO_UPLOAD_MAX_BYTES + 1)).expect(413);
      expect(body).toEqual({ success: false, message: VIDEO_TOO_LARGE_MESSAGE });
      expect(await storage.list('uploads/videos/')).toEqual([]);
    });

    it('refuses a file whose bytes are not a video, whatever its name, and keeps nothing of it (415)', async () => {
      const text = Buffer.from('These are my lecture notes, not a video. '.repeat(50));
      const id = await createUpload(educatorToken, text.length, 'lecture.mp4');
      const refused = await patch(educatorToken, id, 0, text).expect(415);
      expect(JSON.parse(refused.text)).toEqual({ success: false, message: VIDEO_FORMAT_REFUSED_MESSAGE });
      expect((await storage.list('uploads/videos/')).filter((object) => object.key.includes(id))).toEqual([]);
      expect(await dataSource.query('SELECT id FROM catalogue.videos WHERE id = $1', [id])).toEqual([]);
    });
  });

  describe('an upload that resumes, is transcoded and is played only by the entitled', () => {
    let videoId: string;
    let courseId: string;

    it('resumes where it stopped (HEAD gives the offset), and only its educator may touch it', async () => {
      videoId = await createUpload(educatorToken, video.length, 'lecture.mp4');
      const half = Math.floor(video.length / 2);
      await patch(educatorToken, videoId, 0, video.subarray(0, half)).expect(204);
      // Another educator can neither see nor continue it.
      await http().head(`/api/educator/videos/uploads/${videoId}`).set(tus(otherEducatorToken)).expect(404);
      await patch(otherEducatorToken, videoId, half, video.subarray(half)).expect(404);
      await http().get(`/api/educator/videos/${videoId}`).set('Authorization', `Bearer ${otherEducatorToken}`).expect(404);
      const head = await http().head(`/api/educator/videos/uploads/${videoId}`).set(tus(educatorToken)).expect(200);
      expect(Number(head.headers['upload-offset'])).toBe(half);
      await patch(educatorToken, videoId, half, video.subarray(half)).expect(204);
    }, 60_000);

    it('keeps a course with the video as a draft until it is Ready, then fills the duration and lets it be published', async () => {
      const courseData = {
        courseTitle: 'Video lectures course', courseDescription: '<p>Uploaded videos</p>', coursePrice: 100, discount: 0,
        courseContent: [{ chapterTitle: 'One', chapterContent: [{ lectureTitle: 'Uploaded', lectureDuration: 1, lectureUrl: uploadedVideoUrl(videoId), isPreviewFree: false }] }],
      };
      // Someone else's video cannot go on another educator's course.
      await http().post('/api/educator/add-course').set('Authorization', `Bearer ${otherEducatorToken}`)
        .field('courseData', JSON.stringify(courseData)).attach('image', png, 'thumb.png').expect(400);
      const added = await http().post('/api/educator/add-course').set('Authorization', `Bearer ${educatorToken}`)
        .field('courseData', JSON.stringify(courseData)).attach('image', png, 'thumb.png').expect(201);
      courseId = added.body.courseId;
      const ready = await waitForStatus(videoId, ['ready', 'failed']);
      expect(ready).toMatchObject({ status: 'ready', progress: 100, failureReason: null, renditions: ['240p'] });
      expect(ready.durationSeconds).toBe(7);
      const [lecture] = await dataSource.query(`SELECT duration_minutes FROM catalogue.lectures WHERE url = $1`, [uploadedVideoUrl(videoId)]);
      expect(lecture.duration_minutes).toBe(1);
      await http().post(`/api/educator/courses/${courseId}/publish`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
      // Only renditions of the finished attempt are in the bucket.
      const keys = (await storage.list(`videos/${videoId}/`)).map((object) => object.key);
      expect(new Set(keys.map((key) => key.split('/')[2])).size).toBe(1);
    }, 150_000);

    it('answers the playlists, segments and key without credentials to nobody (401), and never a plain file', async () => {
      for (const file of ['master.m3u8', '240p/index.m3u8', '240p/seg_00000.ts', 'key', 'poster.jpg']) {
        const { body } = await http().get(`/api/videos/${videoId}/${file}`).expect(401);
        expect(body).toEqual({ success: false, message: MEDIA_LINK_MISSING_MESSAGE });
      }
      const { body } = await http().get(`/api/course/${courseId}`).expect(200);
      expect(JSON.stringify(body)).not.toContain(videoId);
    });

    it("plays for the course's educator: signed playlists name signed files, the key is 16 bytes, segments are encrypted", async () => {
      const signed = links.sign(uploadedVideoUrl(videoId), demoUsers.educator.sub);
      const query = signed.slice(signed.indexOf('?'));
      const master = await http().get(signed).expect(200);
      expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      expect(master.headers['cache-control']).toBe('private, no-store');
      expect(master.text).toContain(`240p/index.m3u8${query}`);
      const variant = await http().get(`/api/videos/${videoId}/240p/index.m3u8${query}`).expect(200);
      expect(variant.text).toContain(`#EXT-X-KEY:METHOD=AES-128,URI="../key${query}"`);
      expect(variant.text).toContain(`seg_00000.ts${query}`);
      const key = await http().get(`/api/videos/${videoId}/key${query}`).buffer(true).expect(200);
      expect(key.body.length).toBe(16);
      const segment = await http().get(`/api/videos/${videoId}/240p/seg_00000.ts${query}`).buffer(true).expect(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      // Ciphertext, not a readable MPEG-TS (whose 188-byte packets each start with the sync byte 0x47): one byte of
      // ciphertext is 0x47 once in 256 segments, three packets' first bytes all are once in 16 million.
      const body = segment.body as Buffer;
      expect([body[0], body[188], body[376]].every((byte) => byte === 0x47)).toBe(false);
      // The educator's edit form carries the signed master playlist.
      const form = await http().get(`/api/educator/courses/${courseId}`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
      expect(JSON.stringify(form.body)).toMatch(new RegExp(`/api/videos/${videoId}/master\\.m3u8\\?user=`));
    });

    it('gives the key and segments to an enrolled learner only while enrolled: not to another learner, not after a refund', async () => {
      const learnerLink = links.sign(uploadedVideoUrl(videoId), demoUsers.student.sub);
      const query = learnerLink.slice(learnerLink.indexOf('?'));
      const notYet = await http().get(`/api/videos/${videoId}/key${query}`).expect(403);
      expect(notYet.body).toEqual({ success: false, message: NOT_ENTITLED_MESSAGE });
      const purchaseId = await feed.enrol(demoUsers.student.sub, courseId);
      await http().get(`/api/videos/${videoId}/key${query}`).expect(200);
      await http().get(`/api/videos/${videoId}/240p/seg_00000.ts${query}`).expect(200);
      // Another learner with the first one's link (a different user in the query breaks the signature).
      const otherLink = links.sign(uploadedVideoUrl(videoId), OTHER_STUDENT.sub);
      await http().get(`/api/videos/${videoId}/key${otherLink.slice(otherLink.indexOf('?'))}`).expect(403);
      await http().get(`/api/videos/${videoId}/key${query.replace(encodeURIComponent(demoUsers.student.sub), encodeURIComponent(OTHER_STUDENT.sub))}`).expect(403);
      await feed.unenrol(demoUsers.student.sub, courseId, purchaseId);
      await http().get(`/api/videos/${videoId}/key${query}`).expect(403);
      await http().get(`/api/videos/${videoId}/240p/seg_00000.ts${query}`).expect(403);
      await http().get(`/api/videos/${videoId}/master.m3u8${query}`).expect(403);
    });

    it('plays a preview lecture\'s video for anyone, with no link', async () => {
      await dataSource.query(`UPDATE catalogue.lectures SET is_preview_free = true WHERE url = $1`, [uploadedVideoUrl(videoId)]);
      await http().get(`/api/videos/${videoId}/master.m3u8`).expect(200);
      await http().get(`/api/videos/${videoId}/key`).expect(200);
      await dataSource.query(`UPDATE catalogue.lectures SET is_preview_free = false WHERE url = $1`, [uploadedVideoUrl(videoId)]);
    });

    it('takes WebVTT captions from the educator only, and refuses other text (415)', async () => {
      const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');
      await http().post(`/api/educator/videos/${videoId}/captions`).set('Authorization', `Bearer ${otherEducatorToken}`).attach('captions', vtt, 'c.vtt').expect(404);
      await http().post(`/api/educator/videos/${videoId}/captions`).set('Authorization', `Bearer ${studentToken}`).attach('captions', vtt, 'c.vtt').expect(403);
      await http().post(`/api/educator/videos/${videoId}/captions`).set('Authorization', `Bearer ${educatorToken}`).attach('captions', Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHi'), 'c.vtt').expect(415);
      const signedBefore = links.sign(uploadedVideoUrl(videoId), demoUsers.educator.sub);
      // Before any captions: an empty answer (the player then offers no CC), and still nothing without a link.
      await http().get(`/api/videos/${videoId}/captions.vtt${signedBefore.slice(signedBefore.indexOf('?'))}`).expect(204);
      await http().get(`/api/videos/${videoId}/captions.vtt`).expect(401);
      const { body } = await http().post(`/api/educator/videos/${videoId}/captions`).set('Authorization', `Bearer ${educatorToken}`).attach('captions', vtt, 'c.vtt').expect(200);
      expect(body.video.hasCaptions).toBe(true);
      const signed = links.sign(uploadedVideoUrl(videoId), demoUsers.educator.sub);
      const captions = await http().get(`/api/videos/${videoId}/captions.vtt${signed.slice(signed.indexOf('?'))}`).expect(200);
      expect(captions.text).toContain('Hello');
    });

    it('retries only a failed video (409 otherwise), the educator only', async () => {
      await http().post(`/api/educator/videos/${videoId}/retry`).set('Authorization', `Bearer ${educatorToken}`).expect(409);
      await http().post(`/api/educator/videos/${videoId}/retry`).set('Authorization', `Bearer ${otherEducatorToken}`).expect(404);
    });
  });

  it('marks a video whose file ffmpeg cannot read as Failed with the reason; Retry queues it again', async () => {
    // Bytes that sniff as MP4 (an ftyp box) but hold no playable picture.
    const fake = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(4000, 1)]);
    const id = await createUpload(educatorToken, fake.length, 'broken.mp4');
    await patch(educatorToken, id, 0, fake).expect(204);
    const failed = await waitForStatus(id, ['failed', 'ready']);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/could not be read as a video|no video picture/);
    const courseData = {
      courseTitle: 'Broken video course', courseDescription: '<p>x</p>', coursePrice: 10, discount: 0,
      courseContent: [{ chapterTitle: 'One', chapterContent: [{ lectureTitle: 'Broken', lectureDuration: 1, lectureUrl: uploadedVideoUrl(id) }] }],
    };
    const added = await http().post('/api/educator/add-course').set('Authorization', `Bearer ${educatorToken}`)
      .field('courseData', JSON.stringify(courseData)).attach('image', png, 'thumb.png').expect(201);
    const refused = await http().post(`/api/educator/courses/${added.body.courseId}/publish`).set('Authorization', `Bearer ${educatorToken}`).expect(409);
    expect(refused.body.message).toBe(VIDEOS_NOT_READY_MESSAGE);
    const retried = await http().post(`/api/educator/videos/${id}/retry`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
    expect(retried.body.video.status).toBe('processing');
    expect((await waitForStatus(id, ['failed', 'ready'])).status).toBe('failed');
    expect(await storage.list(`videos/${id}/`)).toEqual([]);
  }, 150_000);
});
