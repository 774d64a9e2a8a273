interface TimedLecture {
  lectureDuration: number;
}
interface ChapterOfLectures {
  chapterContent: readonly TimedLecture[];
}

export function chapterMinutes(chapter: ChapterOfLectures): number {
  return chapter.chapterContent.reduce((sum, lecture) => sum + lecture.lectureDuration, 0);
}

export function totalLectureMinutes(chapters: readonly ChapterOfLectures[]): number {
  return chapters.reduce((sum, chapter) => sum + chapterMinutes(chapter), 0);
}

export function countLectures(chapters: readonly ChapterOfLectures[]): number {
  return chapters.reduce((sum, chapter) => sum + chapter.chapterContent.length, 0);
}

/** Minutes shown as hours and minutes: 0 → "0m", 45 → "45m", 60 → "1h", 125 → "2h 5m". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
