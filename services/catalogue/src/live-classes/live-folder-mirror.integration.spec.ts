import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3ObjectStorage, type ObjectStorageConfig } from '@academy/service-core';
import { startTestObjectStore, type TestObjectStore } from '@academy/service-core/testing';
import { LiveFolderMirror } from './live-packager.js';

const playlist = (...segments: string[]) => ['#EXTM3U', '#EXT-X-TARGETDURATION:1', ...segments.flatMap((segment) => ['#EXTINF:1.0,', segment])].join('\n');

describe('the live folder mirror (a real S3 bucket)', () => {
  let bucket: TestObjectStore;
  let storage: S3ObjectStorage;
  let dir: string;

  beforeAll(async () => {
    bucket = await startTestObjectStore();
    storage = new S3ObjectStorage(bucket.env as unknown as ObjectStorageConfig);
    dir = mkdtempSync(path.join(tmpdir(), 'live-mirror-'));
  });

  afterAll(async () => {
    storage.destroy();
    await bucket.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never puts a playlist in the bucket before the segments it names', async () => {
    const mirror = new LiveFolderMirror(storage, dir, 'live/c1/');
    writeFileSync(path.join(dir, '360p_00001.ts'), 'segment 1');
    writeFileSync(path.join(dir, '360p.m3u8'), playlist('360p_00001.ts'));
    expect(await mirror.sync()).toBe(2);

    // ffmpeg finishes segment 2 and rewrites the playlist: both arrive, the segment first.
    writeFileSync(path.join(dir, '360p_00002.ts'), 'segment 2');
    writeFileSync(path.join(dir, '360p.m3u8'), playlist('360p_00001.ts', '360p_00002.ts'));
    await mirror.sync();
    expect((await storage.get('live/c1/360p_00002.ts'))?.body.toString()).toBe('segment 2');
    expect((await storage.get('live/c1/360p.m3u8'))?.body.toString()).toContain('360p_00002.ts');

    // A playlist naming a segment the mirror cannot read yet (ffmpeg finished it after the folder was listed, or
    // it is still being written) stays at its last copied version until the segment is in the bucket.
    writeFileSync(path.join(dir, '360p.m3u8'), playlist('360p_00002.ts', '360p_00003.ts'));
    await mirror.sync();
    expect((await storage.get('live/c1/360p.m3u8'))?.body.toString()).not.toContain('360p_00003.ts');
    writeFileSync(path.join(dir, '360p_00003.ts'), 'segment 3');
    await mirror.sync();
    expect((await storage.get('live/c1/360p.m3u8'))?.body.toString()).toContain('360p_00003.ts');
    expect((await storage.get('live/c1/360p_00003.ts'))?.body.toString()).toBe('segment 3');
  });
});
