import { COURSE_TITLE_MAX } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { ConfirmDialog } from '@academy/ui';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type Dispatch, type KeyboardEvent, type ReactNode } from 'react';
import { lectureFieldsOf, type ChaptersAction, type DraftChapter, type DraftLecture, type LectureFields } from '../data/courseDraft';
import { CharacterCount } from './CharacterCount';
import { LectureDialog } from './LectureDialog';
import type { LectureFileUploader } from './LectureFileField';
import { QuizDialog } from './QuizDialog';
import { useCourseText } from '../useCourseText';

export interface ChapterListProps {
  chapters: DraftChapter[];
  dispatch: Dispatch<ChaptersAction>;
  /** Uploads notes and tests as PDFs (the dialog then offers a file beside each link). */
  lectureFiles?: LectureFileUploader;
  /** The section's id (the publish checklist links to it). */
  anchorId?: string;
  /** Learners enrolled in the course (a saved course): deleting warns them by number. */
  enrolledCount?: number;
  /** Called after the quiz dialog saved a chapter's quiz into the list (an existing course then saves itself). */
  onQuizSaved?: () => void;
}

type PendingDelete = { kind: 'chapter'; chapter: DraftChapter } | { kind: 'lecture'; chapter: DraftChapter; lecture: DraftLecture };

/** Tells a screen reader what moved where, by name (dnd-kit's own announcements give only ids). */
function announcements(t: TFunction<'educator'>, nameOf: (id: string) => string, positionOf: (id: string) => number, total: number): Announcements {
  return {
    onDragStart: ({ active }) => t('addCourse.chapters.drag.start', { name: nameOf(String(active.id)), position: positionOf(String(active.id)), total }),
    onDragOver: ({ active, over }) => (over ? t('addCourse.chapters.drag.over', { name: nameOf(String(active.id)), position: positionOf(String(over.id)), total }) : undefined),
    onDragEnd: ({ active, over }) =>
      over
        ? t('addCourse.chapters.drag.end', { name: nameOf(String(active.id)), position: positionOf(String(over.id)), total })
        : t('addCourse.chapters.drag.dropped', { name: nameOf(String(active.id)) }),
    onDragCancel: ({ active }) => t('addCourse.chapters.drag.cancelled', { name: nameOf(String(active.id)) }),
  };
}

function useReorderSensors() {
  return useSensors(
    // A small distance keeps a click on the handle a click (the lecture's buttons stay usable on touch).
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** The drag handle: a button that picks its row up (pointer or keyboard: Space or Enter, arrows, Space to drop). */
function DragHandle({ label, attributes, listeners }: { label: string; attributes: DraggableAttributes; listeners: DraggableSyntheticListeners }) {
  return (
    <button type="button" className="drag-handle" {...attributes} {...listeners} aria-label={label}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M9 5h2v2H9V5Zm4 0h2v2h-2V5ZM9 11h2v2H9v-2Zm4 0h2v2h-2v-2Zm-4 6h2v2H9v-2Zm4 0h2v2h-2v-2Z" />
      </svg>
    </button>
  );
}

function SortableRow({ id, className, handleLabel, children }: { id: string; className: string; handleLabel: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${className} is-dragging` : className}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(<DragHandle label={handleLabel} attributes={attributes} listeners={listeners} />)}
    </li>
  );
}

/**
 * Chapters with their lectures: add (an inline field), edit a lecture in place, reorder chapters and lectures by
 * dragging or with the keyboard (dnd-kit), remove after a confirmation naming what goes, collapse/expand.
 */
export function ChapterList({ chapters, dispatch, lectureFiles, anchorId, enrolledCount = 0, onQuizSaved }: ChapterListProps) {
  const [lectureDialog, setLectureDialog] = useState<{ chapterKey: string; lectureKey?: string } | null>(null);
  const dialogChapter = chapters.find((chapter) => chapter.key === lectureDialog?.chapterKey);
  const editedLecture = dialogChapter?.lectures.find((lecture) => lecture.key === lectureDialog?.lectureKey);
  const [quizChapterKey, setQuizChapterKey] = useState<string | null>(null);
  const quizChapter = chapters.find((chapter) => chapter.key === quizChapterKey);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const sensors = useReorderSensors();
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const format = useFormat();
  const reorderInstructions = t('addCourse.chapters.reorderInstructions');

  const chapterName = (key: string) => {
    const index = chapters.findIndex((chapter) => chapter.key === key);
    return t('addCourse.chapters.chapterName', { number: index + 1, title: chapters[index]?.chapterTitle ?? '' });
  };
  const chapterPosition = (key: string) => chapters.findIndex((chapter) => chapter.key === key) + 1;

  const onChapterDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({ type: 'move-chapter', key: String(active.id), toIndex: chapterPosition(String(over.id)) - 1 });
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    if (pendingDelete.kind === 'chapter') dispatch({ type: 'remove-chapter', key: pendingDelete.chapter.key });
    else dispatch({ type: 'remove-lecture', chapterKey: pendingDelete.chapter.key, lectureKey: pendingDelete.lecture.key });
    setPendingDelete(null);
  };

  return (
    <section className="chapter-list" aria-labelledby="chapters-heading" id={anchorId}>
      <h2 id="chapters-heading" className="chapter-list__heading">{t('addCourse.chapters.heading')}</h2>
      {chapters.length === 0 && <p className="chapter-list__empty">{t('addCourse.chapters.empty')}</p>}
      {chapters.length > 0 && (
        <p className="chapter-list__hint">{reorderInstructions}</p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onChapterDragEnd}
        accessibility={{ announcements: announcements(t, chapterName, chapterPosition, chapters.length), screenReaderInstructions: { draggable: reorderInstructions } }}
      >
        <SortableContext items={chapters.map((chapter) => chapter.key)} strategy={verticalListSortingStrategy}>
          <ol className="chapter-list__items">
            {chapters.map((chapter, chapterIndex) => (
              <SortableRow
                key={chapter.key}
                id={chapter.key}
                className="chapter"
                handleLabel={t('addCourse.chapters.moveChapter', { number: chapterIndex + 1, title: chapter.chapterTitle })}
              >
                {(handle) => (
                  <ChapterItem
                    chapter={chapter}
                    chapterIndex={chapterIndex}
                    handle={handle}
                    dispatch={dispatch}
                    onAddLecture={() => setLectureDialog({ chapterKey: chapter.key })}
                    onEditLecture={(lecture) => setLectureDialog({ chapterKey: chapter.key, lectureKey: lecture.key })}
                    onRemoveLecture={(lecture) => setPendingDelete({ kind: 'lecture', chapter, lecture })}
                    onRemoveChapter={() => setPendingDelete({ kind: 'chapter', chapter })}
                    onEditQuiz={() => setQuizChapterKey(chapter.key)}
                  />
                )}
              </SortableRow>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <NewChapterField onAdd={(title) => dispatch({ type: 'add-chapter', title })} />
      {quizChapter && (
        <QuizDialog
          chapterTitle={quizChapter.chapterTitle}
          quiz={quizChapter.quiz}
          onClose={() => setQuizChapterKey(null)}
          onSave={(quiz) => {
            dispatch({ type: 'set-quiz', chapterKey: quizChapter.key, quiz });
            setQuizChapterKey(null);
            onQuizSaved?.();
          }}
        />
      )}
      {dialogChapter && (
        <LectureDialog
          key={editedLecture?.key ?? 'new'}
          chapterTitle={dialogChapter.chapterTitle}
          initial={editedLecture ? lectureFieldsOf(editedLecture) : undefined}
          lectureFiles={lectureFiles}
          onClose={() => setLectureDialog(null)}
          onSave={(lecture: LectureFields) => {
            if (editedLecture) dispatch({ type: 'update-lecture', chapterKey: dialogChapter.key, lectureKey: editedLecture.key, lecture });
            else dispatch({ type: 'add-lecture', chapterKey: dialogChapter.key, lecture });
            setLectureDialog(null);
          }}
        />
      )}
      {pendingDelete && (
        <ConfirmDialog
          title={
            pendingDelete.kind === 'chapter'
              ? pendingDelete.chapter.lectures.length > 0
                ? t('addCourse.chapters.deleteChapterWithLectures', { title: pendingDelete.chapter.chapterTitle, lectures: text.lectures(pendingDelete.chapter.lectures.length) })
                : t('addCourse.chapters.deleteChapterTitle', { title: pendingDelete.chapter.chapterTitle })
              : t('addCourse.chapters.deleteLectureTitle', { title: pendingDelete.lecture.lectureTitle })
          }
          confirmLabel={pendingDelete.kind === 'chapter' ? t('addCourse.chapters.deleteChapter') : t('addCourse.chapters.deleteLecture')}
          destructive
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        >
          {enrolledCount > 0 && (
            <p className="confirm-dialog__warning">
              <strong>{t('addCourse.chapters.enrolledLearners', { count: enrolledCount, formatted: format.count(enrolledCount) })}</strong>{' '}
              {pendingDelete.kind === 'chapter' ? t('addCourse.chapters.afterSaveChapter') : t('addCourse.chapters.afterSaveLecture')}
            </p>
          )}
          <p>{t('addCourse.chapters.nothingRemoved')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface ChapterItemProps {
  chapter: DraftChapter;
  chapterIndex: number;
  handle: ReactNode;
  dispatch: Dispatch<ChaptersAction>;
  onAddLecture(): void;
  onEditLecture(lecture: DraftLecture): void;
  onRemoveLecture(lecture: DraftLecture): void;
  onRemoveChapter(): void;
  onEditQuiz(): void;
}

function ChapterItem({ chapter, chapterIndex, handle, dispatch, onAddLecture, onEditLecture, onRemoveLecture, onRemoveChapter, onEditQuiz }: ChapterItemProps) {
  const panelId = `chapter-panel-${chapter.key}`;
  const count = chapter.lectures.length;
  const sensors = useReorderSensors();
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const format = useFormat();
  const reorderInstructions = t('addCourse.chapters.reorderInstructions');
  const lectureName = (key: string) => {
    const index = chapter.lectures.findIndex((lecture) => lecture.key === key);
    return t('addCourse.chapters.lectureName', { number: index + 1, title: chapter.lectures[index]?.lectureTitle ?? '' });
  };
  const lecturePosition = (key: string) => chapter.lectures.findIndex((lecture) => lecture.key === key) + 1;
  const onLectureDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    dispatch({ type: 'move-lecture', chapterKey: chapter.key, lectureKey: String(active.id), toIndex: lecturePosition(String(over.id)) - 1 });
  };

  return (
    <>
      <div className="chapter__header">
        {handle}
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
        <span className="chapter__count">{t('addCourse.chapters.lectureCount', { count, formatted: format.count(count) })}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('addCourse.chapters.removeChapter', { number: chapterIndex + 1, title: chapter.chapterTitle })}
          onClick={onRemoveChapter}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div id={panelId} className="chapter__panel" hidden={chapter.collapsed}>
        {count > 0 && (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onLectureDragEnd}
            accessibility={{ announcements: announcements(t, lectureName, lecturePosition, count), screenReaderInstructions: { draggable: reorderInstructions } }}
          >
            <SortableContext items={chapter.lectures.map((lecture) => lecture.key)} strategy={verticalListSortingStrategy}>
              <ol className="chapter__lectures">
                {chapter.lectures.map((lecture, lectureIndex) => (
                  <SortableRow
                    key={lecture.key}
                    id={lecture.key}
                    className="lecture-row"
                    handleLabel={t('addCourse.chapters.moveLecture', { number: lectureIndex + 1, title: lecture.lectureTitle })}
                  >
                    {(lectureHandle) => (
                      <>
                        {lectureHandle}
                        <span className="lecture-row__text">
                          {lectureIndex + 1}. {lecture.lectureTitle} - {text.duration(lecture.lectureDuration)} -{' '}
                          <a href={lecture.lectureUrl} target="_blank" rel="noopener noreferrer">
                            {t('addCourse.chapters.link')}
                            <span className="visually-hidden">{t('addCourse.chapters.linkHidden', { title: lecture.lectureTitle })}</span>
                          </a>{' '}
                          -{' '}
                          <span className={lecture.isPreviewFree ? 'lecture-row__free' : 'lecture-row__paid'}>
                            {lecture.isPreviewFree ? t('addCourse.chapters.freePreview') : t('addCourse.chapters.paid')}
                          </span>
                        </span>
                        <button type="button" className="link-button lecture-row__edit" onClick={() => onEditLecture(lecture)}>
                          {t('addCourse.chapters.edit')}
                          <span className="visually-hidden">{t('addCourse.chapters.editHidden', { number: lectureIndex + 1, title: lecture.lectureTitle })}</span>
                        </button>
                        <button
                          type="button"
                          className="icon-button"
                          aria-label={t('addCourse.chapters.removeLecture', { number: lectureIndex + 1, title: lecture.lectureTitle })}
                          onClick={() => onRemoveLecture(lecture)}
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </>
                    )}
                  </SortableRow>
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        <button type="button" className="link-button" onClick={onAddLecture}>
          {t('addCourse.chapters.addLecture')}
          <span className="visually-hidden">{t('addCourse.chapters.toChapterHidden', { title: chapter.chapterTitle })}</span>
        </button>
        {chapter.quiz ? (
          <p className="chapter__quiz">
            <span>
              {t('addCourse.chapters.quizSummary', {
                title: chapter.quiz.title,
                questions: text.questions(chapter.quiz.questions.length),
                passMark: chapter.quiz.passMark,
              })}
            </span>{' '}
            <button type="button" className="link-button" onClick={onEditQuiz}>
              {t('addCourse.chapters.editQuiz')}
              <span className="visually-hidden">{t('addCourse.chapters.ofChapterHidden', { title: chapter.chapterTitle })}</span>
            </button>{' '}
            <button type="button" className="link-button" onClick={() => dispatch({ type: 'set-quiz', chapterKey: chapter.key, quiz: null })}>
              {t('addCourse.chapters.removeQuiz')}
              <span className="visually-hidden">{t('addCourse.chapters.ofChapterHidden', { title: chapter.chapterTitle })}</span>
            </button>
          </p>
        ) : (
          <button type="button" className="link-button chapter__add-quiz" onClick={onEditQuiz}>
            {t('addCourse.chapters.addQuiz')}
            <span className="visually-hidden">{t('addCourse.chapters.toChapterHidden', { title: chapter.chapterTitle })}</span>
          </button>
        )}
      </div>
    </>
  );
}

/** "+ Add Chapter" opens a name field in place (not the browser's prompt); Enter or Add adds, Escape cancels. */
function NewChapterField({ onAdd }: { onAdd: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  /** What is wrong with the name typed (shown in the language of the page, also after it changes). */
  const [error, setError] = useState<'empty' | 'tooLong' | null>(null);
  const { t } = useTranslation('educator');
  const errorText = { empty: t('addCourse.chapters.nameRequired'), tooLong: t('addCourse.chapters.nameTooLong', { max: COURSE_TITLE_MAX }) };
  const id = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    // Opening focuses the field; closing gives focus back to "+ Add Chapter".
    if (open) inputRef.current?.focus();
    else if (wasOpen.current) openerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const close = () => {
    setOpen(false);
    setTitle('');
    setError(null);
  };
  const add = () => {
    const trimmed = title.trim();
    if (!trimmed) return setError('empty');
    if (trimmed.length > COURSE_TITLE_MAX) return setError('tooLong');
    onAdd(trimmed);
    setTitle('');
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the chapter rather than submitting the course form around it.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (!open) {
    return (
      <button ref={openerRef} type="button" className="button button--secondary chapter-list__add" onClick={() => setOpen(true)}>
        {t('addCourse.chapters.addChapterOpen')}
      </button>
    );
  }
  return (
    <div className="chapter-list__new">
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t('addCourse.chapters.chapterNameLabel')}</label>
        <input
          id={`${id}-name`}
          type="text"
          ref={inputRef}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        />
        <CharacterCount id={`${id}-count`} length={title.length} max={COURSE_TITLE_MAX} />
        {error && (
          <p id={`${id}-error`} className="form-field__error">
            {errorText[error]}
          </p>
        )}
      </div>
      <div className="chapter-list__new-actions">
        <button type="button" className="button" onClick={add}>
          {t('addCourse.chapters.addChapter')}
        </button>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('addCourse.chapters.done')}
        </button>
      </div>
    </div>
  );
}
