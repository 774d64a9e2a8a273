import { describe, expect, it } from '@jest/globals';
import { forwardPorts, forwardSdp, livePackagerArgs, LIVE_PLAYLIST, LIVE_SEGMENT, resumeNumber, segmentNumber, withParentDeath } from './live-packager.js';
import { sdpMedia } from './live-mixer.js';
import { recordingPairs, stageAudioPerPart } from './record-live-class.job.js';

describe('live packager', () => {
  it('describes the forwarded RTP with the payload types Janus is asked to use', () => {
    const sdp = forwardSdp(50_000, 50_002);
    expect(sdp).toContain('m=audio 50000 RTP/AVP 111\na=rtpmap:111 opus/48000/2');
    expect(sdp).toContain('m=video 50002 RTP/AVP 96\na=rtpmap:96 VP8/90000');
  });

  it('names H.264 for a class published from OBS', () => {
    expect(forwardSdp(50_000, 50_002, 'h264')).toContain('m=video 50002 RTP/AVP 96\na=rtpmap:96 H264/90000\na=fmtp:96 packetization-mode=1');
  });

  it("reads the audio and video mids and the chosen video codec from Janus's answer, skipping rejected sections", () => {
    const answer = ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 0 UDP/TLS/RTP/SAVPF 0', 'a=mid:x',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:a1', 'a=rtpmap:111 opus/48000/2', 'm=video 9 UDP/TLS/RTP/SAVPF 102', 'a=mid:v1', 'a=rtpmap:102 H264/90000', ''].join('\r\n');
    expect(sdpMedia(answer)).toEqual({ audioMid: 'a1', videoMid: 'v1', videoCodec: 'h264' });
    expect(sdpMedia('v=0\r\nm=audio 9 RTP 111\r\na=mid:0\r\nm=video 9 RTP 96\r\na=mid:1\r\na=rtpmap:96 VP8/90000\r\n')).toEqual({ audioMid: '0', videoMid: '1', videoCodec: 'vp8' });
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

  it('numbers a restarted packager on from the clock and marks the discontinuity, so players keep the playlist', () => {
    const first = livePackagerArgs('/tmp/in.sdp', '/tmp/out');
    expect(first[first.indexOf('-start_number') + 1]).toBe('0');
    expect(first[first.indexOf('-hls_flags') + 1]).not.toContain('discont_start');
    const again = livePackagerArgs('/tmp/in.sdp', '/tmp/out', { startNumber: 75, discontinuity: true });
    expect(again[again.indexOf('-start_number') + 1]).toBe('75');
    expect(again[again.indexOf('-hls_flags') + 1]).toContain('+discont_start');
    // 1 s segments: after 60.2 s at most 60 were written; never below what this job saw last.
    expect(resumeNumber(60_200)).toBe(63);
    expect(resumeNumber(10_000, 40)).toBe(41);
    expect(segmentNumber('360p_00012.ts')).toBe(12);
    expect(segmentNumber('360p.m3u8')).toBeNull();
  });

  it('runs ffmpeg under setpriv so that it dies with the worker', () => {
    expect(withParentDeath('ffmpeg', ['-i', 'x'], '/usr/bin/setpriv')).toEqual(['/usr/bin/setpriv', ['--pdeathsig', 'KILL', '--', 'ffmpeg', '-i', 'x']]);
    expect(withParentDeath('ffmpeg', ['-i', 'x'], null)).toEqual(['ffmpeg', ['-i', 'x']]);
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

  it("pairs a publish's audio and video whose starts differ by microseconds (as Janus names them), and leaves the stage out", () => {
    const files = [
      'videoroom-9-user-5-1795714493036985-audio-0.mjr',
      'videoroom-9-user-5-1795714493037086-video-1.mjr',
      'stage-1795714496152000-audio-0.mjr',
      'stage-1795714496152000-video-1.mjr',
      'videoroom-9-user-8-1795714600000100-video-1.mjr',
      'videoroom-9-user-8-1795714600000000-audio-0.mjr',
    ];
    const pairs = recordingPairs(files);
    expect(pairs).toEqual([
      { audio: 'videoroom-9-user-5-1795714493036985-audio-0.mjr', video: 'videoroom-9-user-5-1795714493037086-video-1.mjr' },
      { audio: 'videoroom-9-user-8-1795714600000000-audio-0.mjr', video: 'videoroom-9-user-8-1795714600000100-video-1.mjr' },
    ]);
    // The stage's audio goes with the publish it was heard in, delayed to when the learner joined.
    expect(stageAudioPerPart(files, pairs)).toEqual([[{ file: 'stage-1795714496152000-audio-0.mjr', delayMs: 3115 }], []]);
  });
});
