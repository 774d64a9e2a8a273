/** Whole percent of lectures done, for progress bars. */
export function completionPercent(completedLectures: number, totalLectures: number): number {
  if (totalLectures <= 0) return 0;
  return Math.min(100, Math.round((completedLectures / totalLectures) * 100));
}
