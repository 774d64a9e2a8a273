export type CompletionStatus = 'Completed' | 'In Progress';

/** Completed when every lecture is done (a course with no lectures is still In Progress). */
export function completionStatus(completedLectures: number, totalLectures: number): CompletionStatus {
  return totalLectures > 0 && completedLectures >= totalLectures ? 'Completed' : 'In Progress';
}

/** Whole percent of lectures done, for progress bars. */
export function completionPercent(completedLectures: number, totalLectures: number): number {
  if (totalLectures <= 0) return 0;
  return Math.min(100, Math.round((completedLectures / totalLectures) * 100));
}
