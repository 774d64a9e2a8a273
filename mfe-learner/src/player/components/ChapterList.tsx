import { chapterMinutes, type AssignmentStanding, type ChapterDto, type LectureDto, type QuizOverview, type QuizStanding } from '@academy/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from '@academy/platform';
import { useDurationText } from '../../common/duration';

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

/** Marks beside each entry (decoration or named by their aria-label). */
const ICON = { arrow: '▸', done: '✓', play: '▶', quiz: '?', assignment: '✎' } as const;

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
  const { t } = useTranslation('learner-study');
  const duration = useDurationText();
  const hidden = <span className="visually-hidden" />;
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
                <span aria-hidden="true" className={`chapters__arrow${expanded ? ' chapters__arrow--open' : ''}`}>{ICON.arrow}</span>
                <span className="chapters__title">{chapter.chapterTitle}</span>
                <span className="chapters__meta">
                  {t('player.count.lecture', { count: chapter.chapterContent.length })} - {duration(chapterMinutes(chapter))}
                </span>
              </button>
            </h3>
            <ul id={panelId} className="chapters__lectures" hidden={!expanded}>
              {chapter.chapterContent.map((lecture, lectureIndex) => {
                const done = completed.has(lecture.lectureId);
                return (
                  <li key={lecture.lectureId} className={`chapters__lecture${playingId === lecture.lectureId ? ' chapters__lecture--playing' : ''}`}>
                    <span className={`chapters__icon${done ? ' chapters__icon--done' : ''}`} role="img" aria-label={done ? t('player.chapters.completed') : t('player.chapters.notCompleted')}>
                      {done ? ICON.done : ICON.play}
                    </span>
                    <span className="chapters__lecture-title">
                      {chapterIndex + 1}.{lectureIndex + 1} {lecture.lectureTitle}
                    </span>
                    {lecture.lectureUrl && (
                      <button type="button" className="chapters__watch" onClick={() => onWatch(lecture)}>
                        <Trans t={t} i18nKey="player.chapters.watch" values={{ title: lecture.lectureTitle }} components={{ hidden }} />
                      </button>
                    )}
                    <span className="chapters__duration">{duration(lecture.lectureDuration)}</span>
                  </li>
                );
              })}
              {chapter.quiz && (() => {
                const quiz = chapter.quiz;
                const standing = quizzes.find((candidate) => candidate.quizId === quiz.quizId);
                const passed = standing?.passed ?? false;
                return (
                  <li className={`chapters__lecture chapters__quiz${openQuizId === quiz.quizId ? ' chapters__lecture--playing' : ''}`}>
                    <span className={`chapters__icon${passed ? ' chapters__icon--done' : ''}`} role="img" aria-label={passed ? t('player.chapters.passed') : t('player.chapters.notPassed')}>
                      {passed ? ICON.done : ICON.quiz}
                    </span>
                    <span className="chapters__lecture-title">
                      {t('player.chapters.quizTitle', { title: quiz.title })}
                      {standing && standing.bestPercent !== null && <span className="chapters__duration">{t('player.chapters.best', { percent: standing.bestPercent })}</span>}
                    </span>
                    {onTakeQuiz && (
                      <button type="button" className="chapters__watch" onClick={() => onTakeQuiz(quiz)}>
                        {passed ? (
                          <Trans t={t} i18nKey="player.chapters.reviewQuiz" values={{ title: quiz.title }} components={{ hidden }} />
                        ) : (
                          <Trans t={t} i18nKey="player.chapters.takeQuiz" values={{ title: quiz.title }} components={{ hidden }} />
                        )}
                      </button>
                    )}
                    <span className="chapters__duration">{t('player.count.question', { count: quiz.questionCount })}</span>
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
                      aria-label={
                        assignment.reviewed
                          ? t('player.chapters.reviewed')
                          : assignment.submitted
                            ? t('player.chapters.waitingForReview')
                            : t('player.chapters.notHandedIn')
                      }
                    >
                      {assignment.reviewed ? ICON.done : ICON.assignment}
                    </span>
                    <span className="chapters__lecture-title">
                      {t('player.chapters.assignmentTitle', { title: assignment.title })}
                      {assignment.reviewed && assignment.marks !== null && (
                        <span className="chapters__duration">
                          {' '}
                          {t('player.chapters.assignmentMarks', { marks: assignment.marks, maxMarks: assignment.maxMarks })}
                        </span>
                      )}
                    </span>
                    {onOpenAssignment && (
                      <button type="button" className="chapters__watch" onClick={() => onOpenAssignment(assignment)}>
                        {assignment.reviewed ? (
                          <Trans t={t} i18nKey="player.chapters.seeReview" values={{ title: assignment.title }} components={{ hidden }} />
                        ) : assignment.submitted ? (
                          <Trans t={t} i18nKey="player.chapters.seeHandIn" values={{ title: assignment.title }} components={{ hidden }} />
                        ) : (
                          <Trans t={t} i18nKey="player.chapters.openAssignment" values={{ title: assignment.title }} components={{ hidden }} />
                        )}
                      </button>
                    )}
                    <span className="chapters__duration">{assignment.reviewed
                        ? t('player.chapters.reviewed')
                        : assignment.submitted
                          ? t('player.chapters.handedIn')
                          : t('player.chapters.marks', { marks: assignment.maxMarks })}</span>
                  </li>
                ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
