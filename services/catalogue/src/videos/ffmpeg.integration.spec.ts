import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePoster, probeVideo, transcodeToHls, VideoProcessingError } from './ffmpeg.js';
import { ladderFor } from './hls-ladder.js';

/** A short test pattern with a tone, made here (nothing binary is committed). */
function testVideo(file: string, size: string, seconds: number): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=15:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
}

describe('ffmpeg HLS ladder (real ffmpeg/ffprobe)', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'academy-ffmpeg-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('never upscales: the ladder stops at the source height', () => {
    expect(ladderFor(1080).map((rung) => rung.name)).toEqual(['240p', '360p', '480p', '720p']);
    expect(ladderFor(480).map((rung) => rung.name)).toEqual(['240p', '360p', '480p']);
    expect(ladderFor(180).map((rung) => rung.name)).toEqual(['180p']);
  });

  it('probes duration and size, makes 240p+360p in encrypted 5 s segments and a poster from a 360-line source', async () => {
    const source = path.join(work, 'source.mp4');
    testVideo(source, '640x360', 12);
    const probed = await probeVideo(source);
    expect(probed).toMatchObject({ width: 640, height: 360, hasAudio: true });
    expect(probed.durationSeconds).toBeGreaterThan(11.5);
    expect(probed.durationSeconds).toBeLessThan(12.5);

    const output = path.join(work, 'hls');
    mkdirSync(output);
    const key = randomBytes(16);
    const progress: number[] = [];
    const result = await transcodeToHls({ source, outputDir: output, probed, key, keyUri: 'KEY_URI', onProgress: (percent) => progress.push(percent) });
    expect(result.rungs.map((rung) => rung.name)).toEqual(['240p', '360p']);
    const master = readFileSync(path.join(output, 'master.m3u8'), 'utf8');
    expect(master).toContain('240p/index.m3u8');
    expect(master).toContain('360p/index.m3u8');
    expect(master).toMatch(/RESOLUTION=426x240|RESOLUTION=428x240/);
    const variant = readFileSync(path.join(output, '360p', 'index.m3u8'), 'utf8');
    expect(variant).toContain('#EXT-X-KEY:METHOD=AES-128,URI="KEY_URI"');
    const durations = [...variant.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
    expect(durations.length).toBe(3);
    for (const duration of durations.slice(0, -1)) expect(duration).toBeCloseTo(5, 0);
    expect(result.files).toContain('360p/seg_00000.ts');

    // The segment is ciphertext; with the key and the segment number as IV it decrypts to MPEG-TS (sync byte 0x47).
    const segment = readFileSync(path.join(output, '360p', 'seg_00000.ts'));
    expect(segment[0] === 0x47 && segment[188] === 0x47).toBe(false);
    const iv = Buffer.alloc(16);
    const decipher = createDecipheriv('aes-128-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
    expect([plain[0], plain[188]]).toEqual([0x47, 0x47]);
    expect(progress.length).toBeGreaterThan(0);

    const poster = path.join(work, 'poster.jpg');
    await makePoster(source, probed, poster);
    expect(readFileSync(poster).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 120_000);

  it('refuses a file that is not a video with a reason an educator can read', async () => {
    const text = path.join(work, 'notes.mp4');
    writeFileSync(text, 'not a video at all');
    await expect(probeVideo(text)).rejects.toBeInstanceOf(VideoProcessingError);
    await expect(probeVideo(text)).rejects.toThrow('could not be read as a video');
  });
});
