// A clock drawn in the camera's frames, for glass-to-glass: the educator's page sends a canvas (640×480, the size of
// Chromium's fake camera that the journeys use) on which every frame
// carries the wall-clock time (ms, 24 bits, and an 8-bit check) as a grid of black and white cells big enough to
// survive every rung down to 180p; a viewer's page reads the cells back from each displayed frame and subtracts.
// Both pages run in one browser on one machine, so they share the clock.

/** Columns × rows of the grid; 32 cells = 24 bits of time + 8 bits of check. */
const COLUMNS = 8;
const ROWS = 4;

/**
 * Init script for the educator's page: getUserMedia answers the drawn clock as its camera (the microphone stays
 * Chromium's fake one), so the Go live page publishes it unchanged.
 */
export const CLOCK_CAMERA_SCRIPT = `(() => {
  const COLUMNS = ${COLUMNS}, ROWS = ${ROWS};
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  const canvas = document.createElement('canvas');
  canvas.width = 640; canvas.height = 480;
  const context = canvas.getContext('2d');
  const draw = () => {
    const now = Date.now() % 16777216;
    const check = ((now & 255) + ((now >> 8) & 255) + ((now >> 16) & 255)) & 255;
    const bits = now * 256 + check;
    const cellWidth = canvas.width / COLUMNS, cellHeight = canvas.height / ROWS;
    for (let index = 0; index < COLUMNS * ROWS; index += 1) {
      const bit = Math.floor(bits / 2 ** (31 - index)) % 2;
      context.fillStyle = bit ? '#ffffff' : '#000000';
      context.fillRect((index % COLUMNS) * cellWidth, Math.floor(index / COLUMNS) * cellHeight, cellWidth, cellHeight);
    }
  };
  draw();
  setInterval(draw, 1000 / 30);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const audio = constraints && constraints.audio ? (await original({ audio: constraints.audio })).getAudioTracks() : [];
    return new MediaStream([...canvas.captureStream(30).getVideoTracks(), ...audio]);
  };
})();`;

/**
 * Page function source: starts reading the clock from every frame `video` displays; `window.__clockSamples` gets
 * the delay (ms) of each frame whose check matches. Returns nothing; read the samples later.
 */
export const CLOCK_READER_SOURCE = `(video) => {
  const COLUMNS = ${COLUMNS}, ROWS = ${ROWS};
  const canvas = document.createElement('canvas');
  canvas.width = COLUMNS * 8; canvas.height = ROWS * 8;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  window.__clockSamples = [];
  window.__clockRejected = 0;
  const read = () => {
    const shownAt = Date.now();
    if (video.videoWidth > 0) {
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let bits = 0;
      for (let index = 0; index < COLUMNS * ROWS; index += 1) {
        const x = (index % COLUMNS) * 8 + 4, y = Math.floor(index / COLUMNS) * 8 + 4;
        const offset = (y * canvas.width + x) * 4;
        const light = (pixels[offset] + pixels[offset + 1] + pixels[offset + 2]) / 3;
        bits = bits * 2 + (light > 127 ? 1 : 0);
      }
      const check = bits % 256, sent = Math.floor(bits / 256);
      if ((((sent & 255) + ((sent >> 8) & 255) + ((sent >> 16) & 255)) & 255) === check) {
        window.__clockSamples.push((shownAt % 16777216 - sent + 16777216) % 16777216);
      } else window.__clockRejected += 1;
    }
    video.requestVideoFrameCallback(read);
  };
  video.requestVideoFrameCallback(read);
}`;
