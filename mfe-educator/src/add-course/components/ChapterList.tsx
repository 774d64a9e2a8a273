import { formatDuration, pluralize } from '@academy/contracts';
import { useState, type Dispatch } from 'react';
import type { ChaptersAction, DraftChapter, LectureFields } from '../data/courseDraft';
import { LectureDialog } from './LectureDialog';
import type { LectureFileUploader } from './LectureFileField';
import { QuizDialog } from './QuizDialog';

export interface ChapterListProps {
  chapters: DraftChapter[];
  dispatch: Dispatch<ChaptersAction>;
  /** Uploads notes and tests as PDFs (the dialog then offers a file beside each link). */
  lectureFiles?: LectureFileUploader;
  /** The section's id (the publish checklist links to it). */
  anchorId?: string;
}

/** Chapters with their lectures: add (prompt), remove, collapse/expand; "+ Add Lecture" opens the dialog. */
export function ChapterList({ chapters, dispatch, lectureFiles, anchorId }: ChapterListProps) {
  const [dialogChapterKey, setDialogChapterKey] = useState<string | null>(null);
  const dialogChapter = chapters.find((chapter) => chapter.key === dialogChapterKey);
  const [quizChapterKey, setQuizChapterKey] = useState<string | null>(null);
  const quizChapter = chapters.find((chapter) => chapter.key === quizChapterKey);

  const addChapter = () => {
    const title = window.prompt('Enter Chapter Name:');
    if (title !== null && title.trim()) dispatch({ type: 'add-chapter', title });
  };

  return (
    <section className="chapter-list" aria-labelledby="chapters-heading" id={anchorId}>
      <h2 id="chapters-heading" className="chapter-list__heading">Chapters</h2>
      {chapters.length === 0 && <p className="chapter-list__empty">No chapters yet.</p>}
      <ol className="chapter-list__items">
        {chapters.map((chapter, chapterIndex) => {
          const panelId = `chapter-panel-${chapter.key}`;
          const count = chapter.lectures.length;
          return (
            <li key={chapter.key} className="chapter">
              <div className="chapter__header">
                <button
                  type="button"
                  className="chapter__toggle"
                  aria-expanded={!chapter.collapsed}
                  aria-controls={panelId}
                  onClick={() => dispatch({ type: 'toggle-chapter', key: chapter.key })}
                >
                  <svg className="chapter__chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d="m9 6 6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6L9 6Z" />
                  </svg>
                  <span className="chapter__title">
                    {chapterIndex + 1} {chapter.chapterTitle}
                  </span>
                </button>
                <span className="chapter__count">
                  {pluralize(count, 'Lecture')}
                </span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove chapter ${chapterIndex + 1} ${chapter.chapterTitle}`}
                  onClick={() => dispatch({ type: 'remove-chapter', key: chapter.key })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <div id={panelId} className="chapter__panel" hidden={chapter.collapsed}>
                {count > 0 && (
                  <ol className="chapter__lectures">
                    {chapter.lectures.map((lecture, lectureIndex) => (
                      <li key={lecture.key} className="lecture-row">
                        <span className="lecture-row__text">
                          {lectureIndex + 1}. {lecture.lectureTitle} - {formatDuration(lecture.lectureDuration)} -{' '}
                          <a href={lecture.lectureUrl} target="_blank" rel="noopener noreferrer">
                            Link<span className="visually-hidden"> to {lecture.lectureTitle} (opens in a new tab)</span>
                          </a>{' '}
                          - <span className={lecture.isPreviewFree ? 'lecture-row__free' : 'lecture-row__paid'}>{lecture.isPreviewFree ? 'Free Preview' : 'Paid'}</span>
                        </span>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={`Remove lecture ${lectureIndex + 1} ${lecture.lectureTitle}`}
                          onClick={() => dispatch({ type: 'remove-lecture', chapterKey: chapter.key, lectureKey: lecture.key })}
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </li>
                    ))}
                  </ol>
                )}
                <button type="button" className="link-button" onClick={() => setDialogChapterKey(chapter.key)}>
                  + Add Lecture<span className="visually-hidden"> to {chapter.chapterTitle}</span>
                </button>
                {chapter.quiz ? (
                  <p className="chapter__quiz">
                    <span>
                      Quiz: {chapter.quiz.title} - {pluralize(chapter.quiz.questions.length, 'question')} - pass mark {chapter.quiz.passMark}%
                    </span>{' '}
                    <button type="button" className="link-button" onClick={() => setQuizChapterKey(chapter.key)}>
                      Edit Quiz<span className="visually-hidden"> of {chapter.chapterTitle}</span>
                    </button>{' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => dispatch({ type: 'set-quiz', chapterKey: chapter.key, quiz: null })}
                    >
                      Remove Quiz<span className="visually-hidden"> of {chapter.chapterTitle}</span>
                    </button>
                  </p>
                ) : (
                  <button type="button" className="link-button chapter__add-quiz" onClick={() => setQuizChapterKey(chapter.key)}>
                    + Add Quiz<span className="visually-hidden"> to {chapter.chapterTitle}</span>
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary chapter-list__add" onClick={addChapter}>
        + Add Chapter
      </button>
      {quizChapter && (
        <QuizDialog
          chapterTitle={quizChapter.chapterTitle}
          quiz={quizChapter.quiz}
          onClose={() => setQuizChapterKey(null)}
          onSave={(quiz) => {
            dispatch({ type: 'set-quiz', chapterKey: quizChapter.key, quiz });
            setQuizChapterKey(null);
          }}
        />
      )}
      {dialogChapter && (
        <LectureDialog
          chapterTitle={dialogChapter.chapterTitle}
          lectureFiles={lectureFiles}
          onClose={() => setDialogChapterKey(null)}
          onAdd={(lecture: LectureFields) => {
            dispatch({ type: 'add-lecture', chapterKey: dialogChapter.key, lecture });
            setDialogChapterKey(null);
          }}
        />
      )}
    </section>
  );
}
