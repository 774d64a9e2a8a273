// The live load test's clients, all in this process: werift WebRTC receivers of the Janus feed (speakers' path),
// HLS pollers as hls.js polls a live playlist, and socket.io chat clients of the gateway.
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { RTCPeerConnection } from 'werift';
import { LIVE_GATEWAY_PATH } from '@academy/contracts';
import { subscribe, type JanusSubscription } from './janus-subscriber.js';

export interface Receiver {
  packets: number;
  firstPacketMs: number | null;
  close(): Promise<void>;
}

/** A werift peer connection subscribed to the feed; counts the video RTP packets it gets. */
export async function webrtcReceiver(janusUrl: string, room: number, feed: number): Promise<Receiver> {
  const connection = new RTCPeerConnection({});
  const started = Date.now();
  const receiver: Receiver = { packets: 0, firstPacketMs: null, close: async () => undefined };
  connection.onTrack.subscribe((track) => {
    if (track.kind !== 'video') return;
    track.onReceiveRtp.subscribe(() => {
      if (receiver.firstPacketMs === null) receiver.firstPacketMs = Date.now() - started;
      receiver.packets += 1;
    });
  });
  let subscription: JanusSubscription;
  try {
    subscription = await subscribe(janusUrl, room, feed, async (offer) => {
      await connection.setRemoteDescription({ type: 'offer', sdp: offer });
      await connection.setLocalDescription(await connection.createAnswer());
      if (connection.iceGatheringState !== 'complete') {
        await new Promise<void>((resolve) => {
          const { unSubscribe } = connection.iceGatheringStateChange.subscribe((state) => {
            if (state !== 'complete') return;
            unSubscribe();
            resolve();
          });
        });
      }
      return connection.localDescription!.sdp;
    });
  } catch (error) {
    await connection.close();
    throw error;
  }
  receiver.close = async () => {
    await subscription.close();
    await connection.close();
  };
  return receiver;
}

export interface PollerStats {
  requests: number;
  failures: number;
  bytes: number;
  latenciesMs: number[];
  lastErrors: string[];
}

const NEXT_URI = /^(?!#)(\S+)$/gm;

/**
 * One viewer's HLS traffic, as hls.js makes it for a live rung: the media playlist every target duration (1 s), and
 * each segment it names that this viewer has not fetched yet. Stops when `signal` aborts.
 */
export async function pollHls(mediaPlaylistUrl: string, stats: PollerStats, signal: AbortSignal): Promise<void> {
  const seen = new Set<string>();
  let first = true;
  const get = async (url: string): Promise<string | null> => {
    const started = performance.now();
    stats.requests += 1;
    try {
      const answer = await fetch(url, { signal });
      const body = Buffer.from(await answer.arrayBuffer());
      stats.latenciesMs.push(performance.now() - started);
      stats.bytes += body.length;
      if (!answer.ok) {
        stats.failures += 1;
        if (stats.lastErrors.length < 5) stats.lastErrors.push(`${answer.status} ${new URL(url).pathname}`);
        return null;
      }
      return body.toString('utf8');
    } catch (error) {
      if (signal.aborted) return null;
      stats.failures += 1;
      if (stats.lastErrors.length < 5) stats.lastErrors.push((error as Error).message);
      return null;
    }
  };
  while (!signal.aborted) {
    const polledAt = Date.now();
    const playlist = await get(mediaPlaylistUrl);
    if (playlist) {
      const uris = [...playlist.matchAll(NEXT_URI)].map((match) => match[1]!);
      // A new viewer starts at the live edge (the last segment), as hls.js with liveSyncDurationCount 1 does.
      const wanted = first ? uris.slice(-1) : uris.filter((uri) => !seen.has(uri.split('?')[0]!));
      first = false;
      for (const uri of uris) seen.add(uri.split('?')[0]!);
      for (const uri of wanted) {
        if (signal.aborted) break;
        await get(new URL(uri, mediaPlaylistUrl).href);
      }
    }
    const wait = 1000 - (Date.now() - polledAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export interface ChatStats {
  sent: number;
  acked: number;
  failures: number;
  ackMs: number[];
  /** Send → arrival at the sampled listeners. */
  deliveryMs: number[];
  delivered: number;
  lastErrors: string[];
}

export interface ChatClient {
  socket: Socket;
  send(): void;
}

/** A signed-in learner's socket in the class's room; listeners record how long others' messages took to arrive. */
export async function chatClient(portalUrl: string, token: string, classId: string, stats: ChatStats, listener: boolean): Promise<ChatClient> {
  const socket = io(portalUrl, { path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: { token }, reconnection: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no connection within 30 s')), 30_000);
    socket.once('connect', () => (clearTimeout(timer), resolve()));
    socket.once('connect_error', (error) => (clearTimeout(timer), reject(error)));
  });
  const joined = (await socket.timeout(30_000).emitWithAck('join', { classId })) as { ok: boolean; message?: string };
  if (!joined.ok) throw new Error(`join refused: ${joined.message}`);
  socket.on('chat', (message: { text: string }) => {
    stats.delivered += 1;
    if (!listener) return;
    const sentAt = Number(/^at (\d+)/.exec(message.text)?.[1]);
    if (sentAt) stats.deliveryMs.push(Date.now() - sentAt);
  });
  return {
    socket,
    send: () => {
      const sentAt = Date.now();
      stats.sent += 1;
      socket
        .timeout(10_000)
        .emitWithAck('chat', { classId, clientId: randomBytes(8).toString('hex'), text: `at ${sentAt}: is this on the test?` })
        .then((ack: { ok: boolean; status?: number; message?: string }) => {
          if (ack.ok) {
            stats.acked += 1;
            stats.ackMs.push(Date.now() - sentAt);
          } else {
            stats.failures += 1;
            if (stats.lastErrors.length < 5) stats.lastErrors.push(`${ack.status} ${ack.message}`);
          }
        })
        .catch((error: Error) => {
          stats.failures += 1;
          if (stats.lastErrors.length < 5) stats.lastErrors.push(error.message);
        });
    },
  };
}
