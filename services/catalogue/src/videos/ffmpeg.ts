import { spawn } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ladderFor, SEGMENT_SECONDS, type Rung } from './hls-ladder.js';

/** ffmpeg and ffprobe from the system (Debian's `ffmpeg` package); FFMPEG_PATH / FFPROBE_PATH override. */
const ffmpegCommand = () => process.env.FFMPEG_PATH || 'ffmpeg';
const ffprobeCommand = () => process.env.FFPROBE_PATH || 'ffprobe';

/** A failure to report to the educator as the video's reason (the message is shown as it is). */
export class VideoProcessingError extends Error {
  override name = 'VideoProcessingError';
}

function run(command: string, args: readonly string[], onStdout?: (text: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (onStdout) onStdout(text);
      else stdout += text;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error(`${command} is not installed (Debian: apt-get install ffmpeg)`) : error),
    );
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new VideoProcessingError(`${path.basename(command)} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

export interface ProbedVideo {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Reads duration and picture size with ffprobe; a file without a video stream is refused. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const output = await run(ffprobeCommand(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).catch((error: Error) => {
    throw new VideoProcessingError(`The file could not be read as a video (${error.message})`);
  });
  const parsed = JSON.parse(output) as { format?: { duration?: string }; streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[] };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video' && stream.width && stream.height);
  if (!video) throw new VideoProcessingError('The file has no video picture');
  const durationSeconds = Number(parsed.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new VideoProcessingError('The video has no duration');
  return { durationSeconds, width: video.width!, height: video.height!, hasAudio: Boolean(parsed.streams?.some((stream) => stream.codec_type === 'audio')) };
}

export interface HlsOutput {
  rungs: Rung[];
  /** master.m3u8, <rung>/index.m3u8 and <rung>/seg_NNNNN.ts, relative to `outputDir`. */
  files: string[];
}

export interface TranscodeOptions {
  source: string;
  outputDir: string;
  probed: ProbedVideo;
  /** The 16-byte AES-128 key and the URI players fetch it from (written into every playlist). */
  key: Buffer;
  keyUri: string;
  /** 0–100 as ffmpeg reports its position. */
  onProgress?: (percent: number) => void;
  /** x264's speed preset: `veryfast` for uploads; a live class's recording uses a faster one to be a lecture sooner. */
  preset?: 'veryfast' | 'superfast';
}

/**
 * One ffmpeg run: every rung of the ladder (never above the source), H.264/AAC in SEGMENT_SECONDS segments with
 * keyframes aligned across rungs, each segment AES-128 encrypted with `key`, a master playlist naming them all.
 */
export async function transcodeToHls(options: TranscodeOptions): Promise<HlsOutput> {
  const rungs = ladderFor(options.probed.height);
  const keyFile = path.join(options.outputDir, 'enc.key');
  const keyInfoFile = path.join(options.outputDir, 'enc.keyinfo');
  await writeFile(keyFile, options.key);
  // Key info: URI written into playlists, the key file, and no fixed IV (ffmpeg then uses the segment number).
  await writeFile(keyInfoFile, `${options.keyUri}\n${keyFile}\n`);

  const split = rungs.map((_rung, index) => `[v${index}]`).join('');
  const scales = rungs.map((rung, index) => `[v${index}]scale=-2:${rung.height}[v${index}out]`).join(';');
  const args = ['-hide_banner', '-nostdin', '-y', '-i', options.source, '-filter_complex', `[0:v]split=${rungs.length}${split};${scales}`];
  rungs.forEach((rung, index) => {
    args.push('-map', `[v${index}out]`, `-c:v:${index}`, 'libx264', `-b:v:${index}`, `${rung.videoKbps}k`, `-maxrate:v:${index}`, `${Math.round(rung.videoKbps * 1.1)}k`,
      `-bufsize:v:${index}`, `${rung.videoKbps * 2}k`);
    if (options.probed.hasAudio) args.push('-map', '0:a:0', `-c:a:${index}`, 'aac', `-b:a:${index}`, `${rung.audioKbps}k`, '-ac', '2');
  });
  const streamMap = rungs.map((rung, index) => (options.probed.hasAudio ? `v:${index},a:${index},name:${rung.name}` : `v:${index},name:${rung.name}`)).join(' ');
  args.push(
    '-preset', options.preset ?? 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-sc_threshold', '0',
    // A keyframe at every segment boundary in every rung, so a player can switch rung between any two segments.
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_key_info_file', keyInfoFile, '-hls_segment_filename', path.join(options.outputDir, '%v', 'seg_%05d.ts'),
    '-master_pl_name', 'master.m3u8', '-var_stream_map', streamMap,
    '-progress', 'pipe:1', '-stats_period', '1',
    path.join(options.outputDir, '%v', 'index.m3u8'),
  );
  const totalMicros = options.probed.durationSeconds * 1_000_000;
  let buffered = '';
  await run(ffmpegCommand(), args, (text) => {
    buffered += text;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match && options.onProgress) options.onProgress(Math.min(99, Math.floor((Number(match[1]) / totalMicros) * 100)));
    }
  });
  const files = ['master.m3u8'];
  for (const rung of rungs) {
    for (const name of (await readdir(path.join(options.outputDir, rung.name))).sort()) files.push(`${rung.name}/${name}`);
  }
  return { rungs, files };
}

/** A JPEG poster from a third of the way in (past a black opening), at most 720 lines high. */
export async function makePoster(source: string, probed: ProbedVideo, file: string): Promise<void> {
  const at = Math.min(5, probed.durationSeconds / 3).toFixed(2);
  await run(ffmpegCommand(), ['-hide_banner', '-nostdin', '-y', '-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${Math.min(720, probed.height)}`, '-q:v', '4', file]);
}
