// A second of a video: the longest position kept, and how a time in a lecture is written ("1:05:09") and read back.
// Without zod: the learner's pages show times without the schemas' library.

export const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** "0:42", "12:05", "1:02:03": where in the video a doubt was asked. */
export function formatVideoSecond(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** "0:42", "1:02:03" or a plain number of seconds back to seconds; null when it is neither. */
export function parseVideoSecond(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(:\d{1,2}){0,2}$/.test(trimmed)) return null;
  const parts = trimmed.split(':').map(Number);
  if (parts.slice(1).some((part) => part > 59)) return null;
  const seconds = parts.reduce((total, part) => total * 60 + part, 0);
  return seconds <= MAX_POSITION_SECONDS ? seconds : null;
}
