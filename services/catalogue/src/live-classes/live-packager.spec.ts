import { describe, expect, it } from '@jest/globals';
import { forwardPorts, forwardSdp, livePackagerArgs, LIVE_PLAYLIST, LIVE_SEGMENT } from './live-packager.js';
import { recordingPairs } from './record-live-class.job.js';

describe('live packager', () => {
  it('describes the forwarded RTP with the payload types Janus is asked to use', () => {
    const sdp = forwardSdp(50_000, 50_002);
    expect(sdp).toContain('m=audio 50000 RTP/AVP 111\na=rtpmap:111 opus/48000/2');
    expect(sdp).toContain('m=video 50002 RTP/AVP 96\na=rtpmap:96 VP8/90000');
  });

  it('keeps the two ports even and apart (ffmpeg takes the next one for RTCP)', () => {
    for (const random of [0, 0.5, 0.999999]) {
      const { audioPort, videoPort } = forwardPorts(() => random);
      expect(audioPort % 2).toBe(0);
      expect(videoPort - audioPort).toBe(2);
      expect(videoPort).toBeLessThan(65_535);
    }
  });

  it('writes three video rungs and a 32 kbps audio rung in 1 s segments with program date-times', () => {
    const args = livePackagerArgs('/tmp/in.sdp', '/tmp/out');
    const joined = args.join(' ');
    expect(joined).toContain("scale=-2:'min(720,ih)'");
    expect(joined).toContain("scale=-2:'min(180,ih)'");
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,a:0,name:720p v:1,a:1,name:360p v:2,a:2,name:180p a:3,name:audio');
    expect(args[args.indexOf('-b:a:3') + 1]).toBe('32k');
    expect(args[args.indexOf('-hls_time') + 1]).toBe('1');
    expect(args[args.indexOf('-hls_flags') + 1]).toContain('program_date_time');
    expect(args.at(-1)).toBe('/tmp/out/%v.m3u8');
  });

  it('serves only the files it writes', () => {
    expect(LIVE_PLAYLIST.test('master.m3u8') && LIVE_PLAYLIST.test('audio.m3u8') && LIVE_SEGMENT.test('360p_00012.ts')).toBe(true);
    expect(LIVE_PLAYLIST.test('../master.m3u8') || LIVE_SEGMENT.test('forward.sdp') || LIVE_SEGMENT.test('360p_1.ts')).toBe(false);
  });

  it("pairs Janus's recording files per publish, oldest first, ignoring other files", () => {
    const files = [
      'videoroom-7-user-1-1700000000200000-video-1.mjr',
      'videoroom-7-user-1-1700000000100000-audio-0.mjr',
      'notes.txt',
      'videoroom-7-user-1-1700000000100000-video-1.mjr',
      'videoroom-7-user-1-1700000000200000-audio-0.mjr',
      'videoroom-7-user-1-1700000000300000-audio-0.mjr',
    ];
    expect(recordingPairs(files)).toEqual([
      { audio: 'videoroom-7-user-1-1700000000100000-audio-0.mjr', video: 'videoroom-7-user-1-1700000000100000-video-1.mjr' },
      { audio: 'videoroom-7-user-1-1700000000200000-audio-0.mjr', video: 'videoroom-7-user-1-1700000000200000-video-1.mjr' },
    ]);
  });
});
