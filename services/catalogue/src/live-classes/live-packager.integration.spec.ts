import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forwardPorts, FORWARD_AUDIO_PT, FORWARD_VIDEO_PT, startLivePackager, withParentDeath } from './live-packager.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => T | null | undefined | false, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What Janus forwards: VP8 video with a keyframe each second and Opus audio over RTP, here from a test pattern. */
function sendRtp(audioPort: number, videoPort: number, ssrc: number): ChildProcess {
  return spawn('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-map', '0:v', '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-g', '15', '-b:v', '300k', '-payload_type', String(FORWARD_VIDEO_PT),
    '-ssrc', String(ssrc), '-f', 'rtp', `rtp://127.0.0.1:${videoPort}`,
    '-map', '1:a', '-c:a', 'libopus', '-ar', '48000', '-ac', '2', '-payload_type', String(FORWARD_AUDIO_PT), '-ssrc', String(ssrc + 1), '-f', 'rtp', `rtp://127.0.0.1:${audioPort}`,
  ], { stdio: 'ignore' });
}

const stop = (child: ChildProcess | null | undefined) => child && child.exitCode === null && child.signalCode === null && child.kill('SIGKILL');

describe('live packager with real ffmpeg', () => {
  let work: string;
  const started: ChildProcess[] = [];
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'academy-live-packager-'));
  });
  afterEach(() => started.splice(0).forEach(stop));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("dies with a worker killed by SIGKILL (no handler of the worker's runs)", async () => {
    // The packager's own command prefix (withParentDeath, as startLivePackager spawns ffmpeg) run by a worker of its
    // own, a shell that prints ffmpeg's pid and waits, so that the worker can be killed without any handler running.
    const [file, args] = withParentDeath('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=5', '-f', 'null', '-']);
    const command = [file, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
    const worker = spawn('sh', ['-c', `${command} & echo "pid $!"; wait`], { stdio: ['ignore', 'pipe', 'inherit'] });
    started.push(worker);
    let out = '';
    worker.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const pid = Number(await until('the packager to start', () => /pid (\d+)/.exec(out)?.[1]));
    await until('ffmpeg to run', () => existsSync(`/proc/${pid}/cmdline`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ffmpeg'));
    expect(alive(pid)).toBe(true);

    worker.kill('SIGKILL');
    await until('ffmpeg to die with its worker', () => !alive(pid) || readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] === 'Z', 5_000);
  }, 30_000);

  it('a fresh packager continues the same playlist after a gap: numbered on, a discontinuity, first segment within 4 s', async () => {
    const { audioPort, videoPort } = forwardPorts();
    const data = { classId: 'c', audioPort, videoPort, prefix: 'p/' };
    const dir = mkdtempSync(path.join(work, 'gap-'));
    const first = await startLivePackager('ffmpeg', dir, data);
    started.push(first, sendRtp(audioPort, videoPort, 1000));
    await until('the first segments', () => existsSync(path.join(dir, '360p_00002.ts')));
    stop(started[1]);
    first.kill('SIGKILL');
    await until('the first packager to stop', () => first.exitCode !== null || first.signalCode !== null);

    const again = await startLivePackager('ffmpeg', dir, data, { startNumber: 40, discontinuity: true });
    started.push(again);
    const sentAt = Date.now();
    // A new publisher: another SSRC, sequence and timestamps, as after the educator reconnects.
    started.push(sendRtp(audioPort, videoPort, 5000));
    await until('the first segment after the gap', () => existsSync(path.join(dir, '360p_00040.ts')) && readFileSync(path.join(dir, '360p.m3u8'), 'utf8').includes('360p_00040.ts'));
    const resumedMs = Date.now() - sentAt;
    expect(resumedMs).toBeLessThan(4_000);
    const playlist = readFileSync(path.join(dir, '360p.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-MEDIA-SEQUENCE:40');
    expect(playlist.indexOf('#EXT-X-DISCONTINUITY')).toBeGreaterThan(-1);
    expect(playlist.indexOf('#EXT-X-DISCONTINUITY')).toBeLessThan(playlist.indexOf('360p_00040.ts'));
    console.log(`live packager: first segment ${resumedMs} ms after the stream came back`);
  }, 40_000);
});
