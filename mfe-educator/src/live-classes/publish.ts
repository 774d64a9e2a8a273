import { iceGathered } from '@academy/ui/live';
export type StudioState = 'connecting' | 'live' | 'reconnecting';

export interface Studio {
  replaceVideo(track: MediaStreamTrack | null): void;
  close(): void;
}

/** How long a lost connection may take to come back by itself before the page publishes again. */
const RECOVER_MS = 2_000;
/** How long one publish may take before it is given up and made again. */
const ATTEMPT_MS = 3_000;
/** How long a probe of the network may take, and how often one is made while it is down. */
const PROBE_TIMEOUT_MS = 1_500;
const PROBE_EVERY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connectedWithin(connection: RTCPeerConnection, ms: number): Promise<boolean> {
  if (connection.connectionState === 'connected') return Promise.resolve(true);
  return new Promise((resolve) => {
    const check = () => {
      if (connection.connectionState !== 'connected' && connection.connectionState !== 'failed' && connection.connectionState !== 'closed') return;
      connection.removeEventListener('connectionstatechange', check);
      resolve(connection.connectionState === 'connected');
    };
    connection.addEventListener('connectionstatechange', check);
    setTimeout(() => resolve(connection.connectionState === 'connected'), ms);
  });
}

/**
 * Publishes the educator's microphone and camera (or screen) over WebRTC: audio first then video (the server
 * forwards them by that order), one offer with every candidate in it, Janus's answer from `exchange`.
 * When the connection is lost (the educator's network dropped) and has not come back within 2 s, it waits for the
 * network with `probe` (a read: one stuck in the cut network and delivered late changes nothing), then publishes
 * again at once (the server's publish replaces the previous one). No publish is sent into a cut
 * network: a late one would replace a newer publisher when the network returns.
 */
export async function publishToStudio(
  tracks: { audio: MediaStreamTrack; video: MediaStreamTrack },
  exchange: (offerSdp: string, signal: AbortSignal) => Promise<string>,
  onState: (state: StudioState) => void,
  probe: (signal: AbortSignal) => Promise<unknown>,
  /** TURN relays from the runtime config (networks that block direct UDP). */
  iceServers: RTCIceServer[] = [],
): Promise<Studio> {
  let closed = false;
  let videoTrack: MediaStreamTrack | null = tracks.video;
  let current: { connection: RTCPeerConnection; video: RTCRtpSender } | null = null;
  let recovering = false;
  let recoverTimer: ReturnType<typeof setTimeout> | undefined;

  const watch = (connection: RTCPeerConnection) => () => {
    if (closed || current?.connection !== connection) return;
    if (connection.connectionState === 'connected') {
      clearTimeout(recoverTimer);
      onState('live');
    } else if (connection.connectionState === 'disconnected' || connection.connectionState === 'failed') {
      onState('reconnecting');
      clearTimeout(recoverTimer);
      recoverTimer = setTimeout(() => void recover(), connection.connectionState === 'failed' ? 0 : RECOVER_MS);
    }
  };

  const connect = async (signal: AbortSignal) => {
    const connection = new RTCPeerConnection({ iceServers });
    try {
      connection.addTransceiver(tracks.audio, { direction: 'sendonly' });
      const video = connection.addTransceiver(videoTrack ?? tracks.video, { direction: 'sendonly' });
      connection.addEventListener('connectionstatechange', watch(connection));
      await connection.setLocalDescription(await connection.createOffer());
      await iceGathered(connection);
      const answer = await exchange(connection.localDescription!.sdp, signal);
      if (closed) throw new Error('closed');
      await connection.setRemoteDescription({ type: 'answer', sdp: answer });
      current?.connection.close();
      current = { connection, video: video.sender };
      return connection;
    } catch (error) {
      connection.close();
      throw error;
    }
  };

  const isConnected = () => current?.connection.connectionState === 'connected';
  const recover = async () => {
    if (recovering) return;
    recovering = true;
    try {
      while (!closed && !isConnected()) {
        const startedAt = Date.now();
        const reachable = await probe(AbortSignal.timeout(PROBE_TIMEOUT_MS)).then(() => true, () => false);
        if (!reachable) {
          await pause(Math.max(0, PROBE_EVERY_MS - (Date.now() - startedAt)));
          continue;
        }
        // The network is back. ICE rarely recovers by itself after seconds of silence (and the packager must
        // restart for a new stream anyway), so a new publish at once: the class is back sooner.
        if (isConnected()) return;
        try {
          const connection = await connect(AbortSignal.timeout(ATTEMPT_MS));
          if (await connectedWithin(connection, ATTEMPT_MS)) return;
        } catch {
          // The network went again, or the engine refused: probe and try again.
        }
      }
    } finally {
      recovering = false;
    }
  };

  await connect(AbortSignal.timeout(4 * ATTEMPT_MS));
  return {
    replaceVideo: (track) => {
      videoTrack = track;
      void current?.video.replaceTrack(track);
    },
    close: () => {
      closed = true;
      clearTimeout(recoverTimer);
      current?.connection.close();
    },
  };
}
