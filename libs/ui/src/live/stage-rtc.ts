/** How long to wait for the browser's ICE candidates before sending its SDP (every candidate goes in it: no trickle). */
const GATHERING_MS = 3_000;

/** Resolves when the connection has gathered its ICE candidates, or after `GATHERING_MS` with what it has. */
export function iceGathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      connection.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => connection.iceGatheringState === 'complete' && done();
    connection.addEventListener('icegatheringstatechange', check);
    setTimeout(done, GATHERING_MS);
  });
}

export interface Published {
  connection: RTCPeerConnection;
  close(): void;
}

/** Sends a microphone and camera into the class's room (audio first, then video); Janus's answer from `exchange`. */
export async function publishTracks(
  tracks: { audio: MediaStreamTrack; video: MediaStreamTrack },
  exchange: (offerSdp: string) => Promise<string>,
  iceServers: RTCIceServer[] = [],
): Promise<Published> {
  const connection = new RTCPeerConnection({ iceServers });
  connection.addTransceiver(tracks.audio, { direction: 'sendonly' });
  connection.addTransceiver(tracks.video, { direction: 'sendonly' });
  try {
    await connection.setLocalDescription(await connection.createOffer());
    await iceGathered(connection);
    await connection.setRemoteDescription({ type: 'answer', sdp: await exchange(connection.localDescription!.sdp) });
  } catch (error) {
    connection.close();
    throw error;
  }
  return { connection, close: () => connection.close() };
}

export interface Watched {
  connection: RTCPeerConnection;
  subscriptionId: string;
  close(): void;
}

/**
 * Receives a speaker over WebRTC into `video`: Janus offers (`open`), the browser answers (`answer`) with every
 * candidate in its answer.
 */
export async function watchFeed(
  open: () => Promise<{ subscriptionId: string; sdp: string }>,
  answer: (subscriptionId: string, sdp: string) => Promise<unknown>,
  video: HTMLVideoElement,
  iceServers: RTCIceServer[] = [],
): Promise<Watched> {
  const offer = await open();
  const connection = new RTCPeerConnection({ iceServers });
  const stream = new MediaStream();
  connection.addEventListener('track', (event) => {
    stream.addTrack(event.track);
    video.srcObject = stream;
  });
  try {
    await connection.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
    await connection.setLocalDescription(await connection.createAnswer());
    await iceGathered(connection);
    await answer(offer.subscriptionId, connection.localDescription!.sdp);
  } catch (error) {
    connection.close();
    throw error;
  }
  return { connection, subscriptionId: offer.subscriptionId, close: () => connection.close() };
}
