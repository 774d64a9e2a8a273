export type StudioState = 'connecting' | 'live' | 'reconnecting';

export interface Studio {
  replaceVideo(track: MediaStreamTrack | null): void;
  close(): void;
}

/** How long to wait for the browser's ICE candidates before sending the offer (all of them go in it). */
const GATHERING_MS = 3_000;

function gathered(connection: RTCPeerConnection): Promise<void> {
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

/**
 * Publishes the educator's microphone and camera (or screen) over WebRTC: audio first then video (the server
 * forwards them by that order), one offer with every candidate in it, Janus's answer from `exchange`.
 */
export async function publishToStudio(
  tracks: { audio: MediaStreamTrack; video: MediaStreamTrack },
  exchange: (offerSdp: string) => Promise<string>,
  onState: (state: StudioState) => void,
): Promise<Studio> {
  const connection = new RTCPeerConnection();
  connection.addTransceiver(tracks.audio, { direction: 'sendonly' });
  const video = connection.addTransceiver(tracks.video, { direction: 'sendonly' });
  connection.addEventListener('connectionstatechange', () => {
    if (connection.connectionState === 'connected') onState('live');
    else if (connection.connectionState === 'disconnected' || connection.connectionState === 'failed') onState('reconnecting');
  });
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection);
  const answer = await exchange(connection.localDescription!.sdp);
  await connection.setRemoteDescription({ type: 'answer', sdp: answer });
  return {
    replaceVideo: (track) => void video.sender.replaceTrack(track),
    close: () => connection.close(),
  };
}
