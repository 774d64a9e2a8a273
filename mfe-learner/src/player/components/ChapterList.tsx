import { chapterMinutes, formatDuration, pluralize, type AssignmentStanding, type ChapterDto, type LectureDto, type QuizOverview, type QuizStanding } from '@academy/contracts';
import { useState } from 'react';

interface ChapterListProps {
  chapters: ChapterDto[];
  completed: ReadonlySet<string>;
  playingId: string | null;
  onWatch(lecture: LectureDto): void;
  /** The learner's quiz standings and the quiz shown now. */
  quizzes?: readonly QuizStanding[];
  openQuizId?: string | null;
  onTakeQuiz?(quiz: QuizOverview): void;
  /** The course's assignments with the learner's standing, and the assignment shown now. */
  assignments?: readonly AssignmentStanding[];
  openAssignmentId?: string | null;
  onOpenAssignment?(assignment: AssignmentStanding): void;
}

/** Course structure: chapters expand and collapse; tick for completed lectures, play icon otherwise. */
export function ChapterList({
  chapters,
  completed,
  playingId,
  onWatch,
  quizzes = [],
  openQuizId = null,
  onTakeQuiz,
  assignments = [],
  openAssignmentId = null,
  onOpenAssignment,
}: ChapterListProps) {
  // The chapter of what is playing (a lecture, or an open quiz) opens whenever that changes, also when the list is
  // mounted again (after a reload of the progress): the learner always sees where they are, and may fold it.
  const activeChapterId =
    chapters.find(
      (chapter) =>
        chapter.chapterContent.some((lecture) => lecture.lectureId === playingId) ||
        chapter.quiz?.quizId === openQuizId ||
        assignments.some((assignment) => assignment.assignmentId === openAssignmentId && assignment.chapterId === chapter.chapterId),
    )?.chapterId ?? null;
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set([...chapters.slice(0, 1).map((chapter) => chapter.chapterId), ...(activeChapterId ? [activeChapterId] : [])]),
  );
  const active = playingId ?? openQuizId ?? openAssignmentId;
  const [revealedFor, setRevealedFor] = useState(active);
  if (active !== revealedFor) {
    setRevealedFor(active);
    if (activeChapterId && !open.has(activeChapterId)) setOpen(new Set([...open, activeChapterId]));
  }
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="chapters">
      {chapters.map((chapter, chapterIndex) => {
        const expanded = open.has(chapter.chapterId);
        const panelId = `chapter-panel-${chapter.chapterId}`;
        return (
          <section key={chapter.chapterId} className="chapters__chapter">
            <h3 className="chapters__heading">
              <button type="button" className="chapters__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(chapter.chapterId)}>
                <span aria-hidden="true" className={`chapters__arrow${expanded ? ' chapters__arrow--open' : ''}`}>▸</span>
                <span className="chapters__title">{chapter.chapterTitle}</span>
                <span className="chapters__meta">
                  {pluralize(chapter.chapterContent.length, 'lecture')} - {formatDuration(chapterMinutes(chapter))}
                </span>
              </button>
            </h3>
            <ul id={panelId} className="chapters__lectures" hidden={!expanded}>
              {chapter.chapterContent.map((lecture, lectureIndex) => {
                const done = completed.has(lecture.lectureId);
                return (
                  <li key={lecture.lectureId} className={`chapters__lecture${playingId === lecture.lectureId ? ' chapters__lecture--playing' : ''}`}>
                    <span className={`chapters__icon${done ? ' chapters__icon--done' : ''}`} role="img" aria-label={done ? 'Completed' : 'Not completed'}>
                      {done ? '✓' : '▶'}
                    </span>
                    <span className="chapters__lecture-title">
                      {chapterIndex + 1}.{lectureIndex + 1} {lecture.lectureTitle}
                    </span>
                    {lecture.lectureUrl && (
                      <button type="button" className="chapters__watch" onClick={() => onWatch(lecture)}>
                        Watch<span className="visually-hidden"> {lecture.lectureTitle}</span>
                      </button>
                    )}
                    <span className="chapters__duration">{formatDuration(lecture.lectureDuration)}</span>
                  </li>
                );
              })}
              {chapter.quiz && (() => {
                const quiz = chapter.quiz;
                const standing = quizzes.find((candidate) => candidate.quizId === quiz.quizId);
                const passed = standing?.passed ?? false;
                return (
                  <li className={`chapters__lecture chapters__quiz${openQuizId === quiz.quizId ? ' chapters__lecture--playing' : ''}`}>
                    <span className={`chapters__icon${passed ? ' chapters__icon--done' : ''}`} role="img" aria-label={passed ? 'Passed' : 'Not passed'}>
                      {passed ? '✓' : '?'}
                    </span>
                    <span className="chapters__lecture-title">
                      Quiz: {quiz.title}
                      {standing && standing.bestPercent !== null && <span className="chapters__duration"> (best {standing.bestPercent}%)</span>}
                    </span>
                    {onTakeQuiz && (
                      <button type="button" className="chapters__watch" onClick={() => onTakeQuiz(quiz)}>
                        {passed ? 'Review quiz' : 'Take quiz'}<span className="visually-hidden"> {quiz.title}</span>
                      </button>
                    )}
                    <span className="chapters__duration">{pluralize(quiz.questionCount, 'question')}</span>
                  </li>
                );
              })()}
              {assignments
                .filter((assignment) => assignment.chapterId === chapter.chapterId)
                .map((assignment) => (
                  <li
                    key={assignment.assignmentId}
                    className={`chapters__lecture chapters__quiz${openAssignmentId === assignment.assignmentId ? ' chapters__lecture--playing' : ''}`}
                  >
                    <span
                      className={`chapters__icon${assignment.reviewed ? ' chapters__icon--done' : ''}`}
                      role="img"
                      aria-label={assignment.reviewed ? 'Reviewed' : assignment.submitted ? 'Handed in, waiting for review' : 'Not handed in'}
                    >
                      {assignment.reviewed ? '✓' : '✎'}
                    </span>
                    <span className="chapters__lecture-title">
                      Assignment: {assignment.title}
                      {assignment.reviewed && assignment.marks !== null && (
                        <span className="chapters__duration">
                          {' '}
                          ({assignment.marks} / {assignment.maxMarks} marks)
                        </span>
                      )}
                    </span>
                    {onOpenAssignment && (
                      <button type="button" className="chapters__watch" onClick={() => onOpenAssignment(assignment)}>
                        {assignment.reviewed ? 'See review' : assignment.submitted ? 'See hand-in' : 'Open assignment'}
                        <span className="visually-hidden"> {assignment.title}</span>
                      </button>
                    )}
                    <span className="chapters__duration">{assignment.reviewed ? 'Reviewed' : assignment.submitted ? 'Handed in' : `${assignment.maxMarks} marks`}</span>
                  </li>
                ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
