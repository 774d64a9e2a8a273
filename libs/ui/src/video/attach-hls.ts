import type Hls from 'hls.js';

export interface HlsAttachment {
  /** The hls.js player once loaded (null with Safari's native HLS or before the import finished). */
  current(): Hls | null;
  detach(): void;
}

/**
 * Plays an HLS playlist in a <video>: hls.js where Media Source Extensions exist, imported only now so pages
 * without an uploaded video never download it; otherwise the browser's own HLS (Safari). `onLevels` gets the rungs'
 * heights; `onFatal` a failure hls.js gave up on.
 */
export function attachHls(element: HTMLVideoElement, url: string, handlers: { onLevels?(heights: number[]): void; onFatal?(): void } = {}): HlsAttachment {
  let player: Hls | null = null;
  let detached = false;
  // hls.js wherever Media Source Extensions exist (its quality levels feed the menu; recent Chrome would otherwise
  // take the playlist natively); the browser's own HLS only without them (iPhone Safari before ManagedMediaSource).
  const hasMse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  if (!hasMse && element.canPlayType('application/vnd.apple.mpegurl')) {
    element.src = url;
  } else {
    void import('hls.js').then(({ default: HlsPlayer }) => {
      if (detached || !HlsPlayer.isSupported()) return;
      player = new HlsPlayer({ capLevelToPlayerSize: true });
      player.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => handlers.onLevels?.(data.levels.map((rung) => rung.height)));
      player.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        player?.destroy();
        player = null;
        handlers.onFatal?.();
      });
      player.loadSource(url);
      player.attachMedia(element);
    });
  }
  return {
    current: () => player,
    detach: () => {
      detached = true;
      player?.destroy();
      player = null;
    },
  };
}
