/** How long the live playlist may keep the same last segment, while it still arrives, before the teacher counts as gone. */
export const STALLED_AFTER_MS = 4_000;

/**
 * Follows the live playlist as the player reloads it. A playlist that still arrives but no longer grows means the
 * teacher's stream stopped (the learner's own network is fine, since the playlist came); it growing again means the
 * class is back. Cheap for thousands of learners: nothing but what the player fetches anyway.
 */
export class PlaylistWatch {
  private lastSegment = -1;
  private changedAt = 0;
  private stalled = false;

  constructor(
    private readonly onChange: (stalled: boolean) => void,
    private readonly stalledAfterMs = STALLED_AFTER_MS,
  ) {}

  /** A playlist arrived whose last segment number is `lastSegment`. */
  loaded(lastSegment: number, now = Date.now()): void {
    if (lastSegment !== this.lastSegment) {
      this.lastSegment = lastSegment;
      this.changedAt = now;
      if (this.stalled) {
        this.stalled = false;
        this.onChange(false);
      }
    } else if (!this.stalled && now - this.changedAt >= this.stalledAfterMs) {
      this.stalled = true;
      this.onChange(true);
    }
  }
}
