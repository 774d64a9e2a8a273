import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStorage } from '@academy/service-core';

/** The live queue: filled by catalogue's HTTP app when a class goes live, emptied by the video worker. */
export const LIVE_QUEUE = 'catalogue-live';
export const LiveJob = { Package: 'package-live-class', Record: 'record-live-class' } as const;

/** Where Janus forwards the educator's stream (RTP on loopback locally; the packager's address in a cluster). */
export interface LivePackageData {
  classId: string;
  audioPort: number;
  videoPort: number;
  /** Folder of the live HLS in the bucket, e.g. `live/<classId>/<attempt>/`. */
  prefix: string;
  /** When the educator last published (set again on each new publish: the packager then restarts ffmpeg). */
  publishedAt?: number;
  /** What the educator publishes: VP8 from the browser (default), H.264 from OBS over WHIP. */
  videoCodec?: 'vp8' | 'h264';
}

/** Payload types Janus is asked to forward with (rtp_forward `pt`), so this SDP can name them. */
export const FORWARD_AUDIO_PT = 111;
export const FORWARD_VIDEO_PT = 96;

/** The session description ffmpeg reads the forwarded RTP with (Opus audio, VP8 or H.264 video). */
export function forwardSdp(audioPort: number, videoPort: number, videoCodec: 'vp8' | 'h264' = 'vp8'): string {
  const video = videoCodec === 'h264'
    ? [`a=rtpmap:${FORWARD_VIDEO_PT} H264/90000`, `a=fmtp:${FORWARD_VIDEO_PT} packetization-mode=1`]
    : [`a=rtpmap:${FORWARD_VIDEO_PT} VP8/90000`];
  return [
    'v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=live class', 'c=IN IP4 127.0.0.1', 't=0 0',
    `m=audio ${audioPort} RTP/AVP ${FORWARD_AUDIO_PT}`, `a=rtpmap:${FORWARD_AUDIO_PT} opus/48000/2`,
    `m=video ${videoPort} RTP/AVP ${FORWARD_VIDEO_PT}`, ...video, '',
  ].join('\n');
}

/** The live ladder: three video rungs (never above the source) and an audio-only rung of about 32 kbps. */
export const LIVE_RUNGS = [
  { name: '720p', height: 720, videoKbps: 2000 },
  { name: '360p', height: 360, videoKbps: 700 },
  { name: '180p', height: 180, videoKbps: 200 },
] as const;
export const LIVE_SEGMENT_SECONDS = 1;

/** Where a (re)started ffmpeg takes up the live playlists: its first segment number, and a discontinuity before it. */
export interface LiveResume {
  startNumber: number;
  discontinuity: boolean;
}

/**
 * ffmpeg's arguments: 1 s segments (a keyframe each second), a short sliding window, program date-times for latency.
 * A restarted ffmpeg numbers on from `resume.startNumber` and marks a discontinuity, so players keep the same playlist.
 */
export function livePackagerArgs(sdpFile: string, outDir: string, resume: LiveResume = { startNumber: 0, discontinuity: false }): string[] {
  const split = `[0:v]split=${LIVE_RUNGS.length}${LIVE_RUNGS.map((_, index) => `[v${index}]`).join('')}`;
  const scales = LIVE_RUNGS.map((rung, index) => `[v${index}]scale=-2:'min(${rung.height},ih)'[out${index}]`);
  const video = LIVE_RUNGS.flatMap((rung, index) => [
    '-map', `[out${index}]`, `-c:v:${index}`, 'libx264', `-b:v:${index}`, `${rung.videoKbps}k`, `-maxrate:v:${index}`, `${rung.videoKbps}k`,
    `-bufsize:v:${index}`, `${rung.videoKbps}k`,
  ]);
  const audio = [...LIVE_RUNGS, { name: 'audio' }].flatMap((_, index) => ['-map', 'a:0', `-c:a:${index}`, 'aac', `-b:a:${index}`, index === LIVE_RUNGS.length ? '32k' : '64k']);
  const streamMap = [...LIVE_RUNGS.map((rung, index) => `v:${index},a:${index},name:${rung.name}`), `a:${LIVE_RUNGS.length},name:audio`].join(' ');
  return [
    '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,udp,rtp', '-fflags', '+genpts', '-reorder_queue_size', '500',
    // The default probe (up to 5 s) is kept: it ends at the first keyframe, and a shorter one can end before it
    // (then VP8's size and rate are unknown and the encoder is flooded with duplicated frames).
    '-i', sdpFile, '-filter_complex', [split, ...scales].join(';'), ...video, ...audio,
    '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-force_key_frames', `expr:gte(t,n_forced*${LIVE_SEGMENT_SECONDS})`,
    '-ac', '2', '-ar', '48000',
    '-f', 'hls', '-hls_time', String(LIVE_SEGMENT_SECONDS), '-hls_list_size', '6', '-hls_flags', `independent_segments+program_date_time+delete_segments+temp_file${resume.discontinuity ? '+discont_start' : ''}`,
    '-start_number', String(resume.startNumber),
    '-master_pl_name', 'master.m3u8', '-var_stream_map', streamMap, '-hls_segment_filename', path.join(outDir, '%v_%05d.ts'), path.join(outDir, '%v.m3u8'),
  ];
}

/** Files of a live folder a player may ask for. */
export const LIVE_PLAYLIST = /^(?:master|720p|360p|180p|audio)\.m3u8$/;
export const LIVE_SEGMENT = /^(?:720p|360p|180p|audio)_[0-9]{5}\.ts$/;

/**
 * Copies what ffmpeg writes to the bucket: each new segment once, a playlist whenever it changed, and never a
 * playlist before the segments it names. Returns the number of files copied.
 */
export class LiveFolderMirror {
  private readonly copied = new Map<string, number>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly dir: string,
    private readonly prefix: string,
  ) {}

  async sync(): Promise<number> {
    const names = await readdir(this.dir);
    let count = 0;
    for (const name of names.filter((candidate) => LIVE_SEGMENT.test(candidate))) count += await this.copySegment(name);
    for (const name of names.filter((candidate) => LIVE_PLAYLIST.test(candidate))) {
      const modified = await stat(path.join(this.dir, name)).then((info) => info.mtimeMs, () => null);
      if (modified === null || this.copied.get(name) === modified) continue;
      const body = await readFile(path.join(this.dir, name)).catch(() => null);
      if (!body) continue;
      // ffmpeg may have finished a segment since the listing above, and the playlist read now names it: copy it
      // first, or a player is sent a segment the bucket does not have yet (a 404 mid-class, seen under load).
      const named = body
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => LIVE_SEGMENT.test(line));
      for (const segment of named) count += await this.copySegment(segment);
      // A named segment could not be read: this version of the playlist waits for the next pass.
      if (named.some((segment) => !this.copied.has(segment))) continue;
      await this.storage.put(`${this.prefix}${name}`, body, { contentType: 'application/vnd.apple.mpegurl' });
      this.copied.set(name, modified);
      count += 1;
    }
    return count;
  }

  /** Copies a segment once (1) or not (0: already copied, or not readable). */
  private async copySegment(name: string): Promise<number> {
    if (this.copied.has(name)) return 0;
    const body = await readFile(path.join(this.dir, name)).catch(() => null);
    if (!body) return 0;
    await this.storage.put(`${this.prefix}${name}`, body, { contentType: 'video/mp2t' });
    this.copied.set(name, 0);
    return 1;
  }
}

/** The number in a segment's name (`360p_00012.ts` → 12). */
export function segmentNumber(name: string): number | null {
  return LIVE_SEGMENT.test(name) ? Number(name.slice(-8, -3)) : null;
}

/**
 * The first segment number of an ffmpeg started `elapsedMs` after the class's packaging began: segments last 1 s, so
 * fewer than one per second has been written before, and numbering on from the clock never goes back (a job run
 * again on another worker does not know the last number). Never below `after + 1` (the last number this job saw).
 */
export function resumeNumber(elapsedMs: number, after = -1): number {
  // Two more than the clock allows for, in case a burst of buffered packets ran the media ahead of it.
  return Math.max(Math.ceil(elapsedMs / 1000 / LIVE_SEGMENT_SECONDS) + 2, after + 1);
}

const running = new Set<ChildProcess>();
// ffmpeg must not outlive the worker (a killed worker's job runs again elsewhere and would find the ports taken).
// Signals and exit are handled here; a SIGKILL of the worker is covered by setpriv's parent-death signal below.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => running.forEach((child) => child.kill('SIGKILL')));
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** Starts ffmpeg on the forwarded RTP; its output folder is mirrored by the caller. */
export async function startLivePackager(ffmpeg: string, workDir: string, data: LivePackageData, resume?: LiveResume): Promise<ChildProcess> {
  const sdpFile = path.join(workDir, 'forward.sdp');
  await writeFile(sdpFile, forwardSdp(data.audioPort, data.videoPort, data.videoCodec));
  const child = spawn(...withParentDeath(ffmpeg, livePackagerArgs(sdpFile, workDir, resume)), { stdio: ['pipe', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => process.platform === 'linux' && existsSync(candidate)) ?? null;

/**
 * The command that runs `file` so that the kernel kills it when the worker dies, however it dies (a SIGKILL runs no
 * handler): util-linux's `setpriv --pdeathsig KILL` sets the parent-death signal and then becomes ffmpeg (same pid).
 * Where setpriv is missing (not Linux), the signal and exit handlers above are all there is.
 */
export function withParentDeath(file: string, args: string[], setpriv = SETPRIV): [string, string[]] {
  return setpriv ? [setpriv, ['--pdeathsig', 'KILL', '--', file, ...args]] : [file, args];
}

/**
 * The two loopback ports ffmpeg reads (audio, video). ffmpeg's RTP input also takes the next port for RTCP, so each
 * is even and they are 2 apart; a random base keeps classes on one machine apart.
 */
export function forwardPorts(random = Math.random): { audioPort: number; videoPort: number } {
  const base = 50_000 + 4 * Math.floor(random() * 2_400);
  return { audioPort: base, videoPort: base + 2 };
}
