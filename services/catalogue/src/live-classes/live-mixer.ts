import { Logger } from '@nestjs/common';
import { JanusSession } from './janus-client.js';
import { FORWARD_AUDIO_PT } from './live-packager.js';

/** Where the mixer listens for one speaker's audio (a plain RTP participant of the AudioBridge room). */
export interface MixerInput {
  session: JanusSession;
  host: string;
  port: number;
}

/**
 * The class's audio mix for the HLS audience: a Janus AudioBridge room (same number as the video room) with one
 * plain RTP participant per speaker (the educator, the learner on stage). The video room forwards each speaker's
 * Opus audio to its participant, and the bridge forwards the mix to the packager's audio port. The packager never
 * restarts when the stage changes, so the HLS has no gap; Janus keeps sending the mix (silence included) while the
 * room exists.
 */
export class LiveMixer {
  private readonly logger = new Logger(LiveMixer.name);

  private constructor(
    private readonly baseUrl: string,
    private readonly room: number,
    private readonly owner: JanusSession,
  ) {}

  /** Creates (or re-creates) the class's bridge and forwards its mix to `audioPort`. */
  static async open(baseUrl: string, room: number, audioPort: number): Promise<LiveMixer> {
    const owner = await JanusSession.open(baseUrl, 'janus.plugin.audiobridge');
    try {
      // A bridge left by an earlier publish still forwards to the packager: destroy it so the mix is sent once.
      await owner.request({ request: 'destroy', room }).catch(() => undefined);
      await owner.request({ request: 'create', room, is_private: true, permanent: false, sampling_rate: 48_000, audiolevel_event: false, record: false, allow_rtp_participants: true });
      await owner.request({ request: 'rtp_forward', room, host: '127.0.0.1', host_family: 'ipv4', port: audioPort, ptype: FORWARD_AUDIO_PT, codec: 'opus', always_on: true });
      return new LiveMixer(baseUrl, room, owner);
    } catch (error) {
      await owner.close();
      throw error;
    }
  }

  /** A new input of the mix (its own Janus session: a handle joins one room once); close it to leave the mix. */
  async input(display: string): Promise<MixerInput> {
    const session = await JanusSession.open(this.baseUrl, 'janus.plugin.audiobridge');
    try {
      const joined = await session.message({ request: 'join', room: this.room, display, codec: 'opus', rtp: { payload_type: FORWARD_AUDIO_PT } });
      const rtp = joined.data.rtp as { ip?: string; port?: number } | undefined;
      if (!rtp?.port) throw new Error(`the audio bridge gave no RTP port: ${JSON.stringify(joined.data)}`);
      return { session, host: rtp.ip && rtp.ip !== '0.0.0.0' ? rtp.ip : '127.0.0.1', port: rtp.port };
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.owner.request({ request: 'destroy', room: this.room }).catch((error: Error) => this.logger.warn(`audio bridge ${this.room} not destroyed: ${error.message}`));
    await this.owner.close();
  }
}

/** The mid of the first audio and video section of an SDP, and the video codec Janus chose (from its answer). */
export function sdpMedia(sdp: string): { audioMid: string | null; videoMid: string | null; videoCodec: 'vp8' | 'h264' | null } {
  let audioMid: string | null = null;
  let videoMid: string | null = null;
  let videoCodec: 'vp8' | 'h264' | null = null;
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const kind = section.slice(0, 5);
    const mid = /\na=mid:(\S+)/.exec(section)?.[1] ?? null;
    const port = Number(/^\w+ (\d+)/.exec(section)?.[1] ?? 0);
    if (port === 0 || /\na=inactive/.test(section)) continue;
    if (kind === 'audio' && audioMid === null) audioMid = mid;
    if (kind === 'video' && videoMid === null) {
      videoMid = mid;
      const codec = /\na=rtpmap:\d+ (VP8|H264)\//i.exec(section)?.[1]?.toLowerCase();
      videoCodec = codec === 'h264' ? 'h264' : codec === 'vp8' ? 'vp8' : null;
    }
  }
  return { audioMid, videoMid, videoCodec };
}
