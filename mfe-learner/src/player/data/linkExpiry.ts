import type { ChapterDto } from '@academy/contracts';

/** Fetch fresh links this long before the earliest signed link expires. */
export const LINK_REFRESH_MARGIN_MS = 60_000;

/** When the first signed lecture link (video, notes, test) of the course stops working (ms), or null if none is signed. */
export function earliestLinkExpiry(chapters: readonly ChapterDto[]): number | null {
  let earliest: number | null = null;
  for (const lecture of chapters.flatMap((chapter) => chapter.chapterContent)) {
    for (const link of [lecture.lectureUrl, lecture.notesUrl, lecture.testUrl]) {
      if (!link) continue;
      const expires = Number(new URL(link, 'http://relative.invalid').searchParams.get('expires'));
      if (Number.isFinite(expires) && expires > 0 && (earliest === null || expires * 1000 < earliest)) earliest = expires * 1000;
    }
  }
  return earliest;
}
