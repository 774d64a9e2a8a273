/** One rung of the adaptive ladder: its picture height and the bitrates it is encoded at. */
export interface Rung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

/**
 * The HLS ladder, each rung 1.7–2× the bitrate of the one below, so a player on a slowing link has a step down
 * that fits (240p plays on about 400 kbps of mobile data).
 */
export const HLS_LADDER: readonly Rung[] = [
  { name: '240p', height: 240, videoKbps: 300, audioKbps: 48 },
  { name: '360p', height: 360, videoKbps: 600, audioKbps: 64 },
  { name: '480p', height: 480, videoKbps: 1000, audioKbps: 96 },
  { name: '720p', height: 720, videoKbps: 2000, audioKbps: 128 },
];

/** Seconds per segment: short enough for a quick first frame and step-down, long enough to keep playlists small. */
export const SEGMENT_SECONDS = 5;

/**
 * The rungs worth making for a source `sourceHeight` pixels high: never above the source (upscaling only wastes
 * bytes); a source below 240 lines gets one rung at its own (even) height.
 */
export function ladderFor(sourceHeight: number): Rung[] {
  const fitting = HLS_LADDER.filter((rung) => rung.height <= sourceHeight);
  if (fitting.length > 0) return fitting;
  const height = Math.max(2, Math.floor(sourceHeight / 2) * 2);
  return [{ ...HLS_LADDER[0]!, name: `${height}p`, height }];
}
