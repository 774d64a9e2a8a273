import { zodResolver } from '@hookform/resolvers/zod';
import { useModalDialog } from '@academy/ui';
import { COURSE_TITLE_MAX, PUBLIC_LINK_NOTICE } from '@academy/contracts';
import { translateMessage, useTranslation } from '@academy/platform';
import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useForm, type Resolver } from 'react-hook-form';
import { emptyLectureFields, type LectureFields } from '../data/courseDraft';
import { lectureFormSchema } from '../data/courseFormSchema';
import { VideoUploadField } from './VideoUploadField';
import { LectureFileField, type LectureFileUploader } from './LectureFileField';
import { CharacterCount } from './CharacterCount';
import { useCourseText } from '../useCourseText';

export interface LectureDialogProps {
  chapterTitle: string;
  /** A lecture being edited in place: the dialog opens filled in, titled Edit Lecture. Absent: a new lecture. */
  initial?: LectureFields;
  onSave: (lecture: LectureFields) => void;
  onClose: () => void;
  /** Offers a PDF upload beside the notes and test links (a course that is saved: a draft or an existing one). */
  lectureFiles?: LectureFileUploader;
}

/** Examples of a link's shape (the same in every language). */
const LINK_PLACEHOLDER = 'https://';
const LECTURE_URL_PLACEHOLDER = 'https://youtu.be/…';

// `raw`: the dialog hands on what was typed (the chapter reducer converts it), the schema only judges it.
const lectureResolver = zodResolver(lectureFormSchema, undefined, { raw: true }) as unknown as Resolver<LectureFields>;

/**
 * The Add Lecture dialog, also Edit Lecture (WAI-ARIA modal dialog): focus moves in and is trapped, Escape and the
 * close button close it, focus returns to the opener. Saving a valid lecture closes it; it is mounted fresh each
 * time, so a new lecture's fields start empty with "Is Preview Free?" unticked.
 */
export function LectureDialog({ chapterTitle, initial, onSave, onClose, lectureFiles }: LectureDialogProps) {
  // react-hook-form with the contract's lecture rules; it focuses the first invalid field after a submit.
  const { register, handleSubmit, formState, setValue, watch } = useForm<LectureFields>({ defaultValues: initial ?? emptyLectureFields, resolver: lectureResolver });
  const titleLength = watch('lectureTitle').length;
  const { errors } = formState;
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const titleId = useId();
  const id = useId();
  /** Names of the notes and test PDFs uploaded in this dialog (their links are in the fields). */
  const [uploaded, setUploaded] = useState<{ notesUrl: string | null; testUrl: string | null }>({ notesUrl: null, testUrl: null });

  const submit = (event: FormEvent) => {
    // React events bubble through the portal to the course form: this submit must not submit the course.
    event.stopPropagation();
    void handleSubmit((fields) => onSave(fields))(event);
  };

  const field = (
    name: Exclude<keyof LectureFields, 'isPreviewFree'>,
    label: string,
    type: string,
    extra: Record<string, unknown> = {},
    hint?: string,
    counter?: { length: number; max: number },
  ) => {
    const error = text.fieldError(errors[name]?.message);
    const describedBy = [hint ? `${id}-${name}-hint` : null, counter ? `${id}-${name}-count` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          type={type}
          {...register(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...extra}
        />
        {hint && (
          <p id={`${id}-${name}-hint`} className="form-field__hint">
            {hint}
          </p>
        )}
        {counter && <CharacterCount id={`${id}-${name}-count`} length={counter.length} max={counter.max} />}
        {error && (
          <p id={`${id}-${name}-error`} className="form-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  /** A link field (the spec's), and beside it a PDF upload; an uploaded file takes the link's place. */
  const fileOrLink = (name: 'notesUrl' | 'testUrl', label: string, what: 'notes' | 'test') => {
    const fileName = uploaded[name];
    // The link field only while no file takes its place (as registered before: only when shown).
    const linkField = fileName === null ? field(name, label, 'url', { placeholder: LINK_PLACEHOLDER }, lectureFiles ? translateMessage(PUBLIC_LINK_NOTICE) : undefined) : null;
    return (
      <div className="lecture-dialog__file-or-link">
        {linkField}
        {lectureFiles && (
          <LectureFileField
            what={what}
            upload={lectureFiles}
            uploadedName={fileName}
            onUploaded={(url, name_) => {
              setValue(name, url, { shouldValidate: true });
              setUploaded((current) => ({ ...current, [name]: name_ }));
            }}
            onRemoved={() => {
              setValue(name, '', { shouldValidate: true });
              setUploaded((current) => ({ ...current, [name]: null }));
            }}
          />
        )}
      </div>
    );
  };

  // Built before the JSX: their field names and input types are keys, not text.
  const fields = {
    title: field('lectureTitle', t('addCourse.lecture.title'), 'text', {}, undefined, { length: titleLength, max: COURSE_TITLE_MAX }),
    duration: field('lectureDuration', t('addCourse.lecture.duration'), 'number', { min: 0, max: 1440, step: 1, inputMode: 'numeric' }),
    notes: fileOrLink('notesUrl', t('addCourse.lecture.notesUrl'), 'notes'),
    test: fileOrLink('testUrl', t('addCourse.lecture.testUrl'), 'test'),
    lectureUrl: field('lectureUrl', t('addCourse.lecture.lectureUrl'), 'text', { placeholder: LECTURE_URL_PLACEHOLDER }),
  };
  const previewFreeField = register('isPreviewFree');

  // In document.body: a <form> may not sit inside the course <form>, and the overlay covers the whole page.
  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="dialog__header">
          <h2 id={titleId}>{initial ? t('addCourse.lecture.editTitle') : t('addCourse.lecture.addTitle')}</h2>
          <button type="button" className="dialog__close" aria-label={t('addCourse.dialog.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="dialog__context">{t('addCourse.dialog.chapter', { title: chapterTitle })}</p>
        <form noValidate onSubmit={submit}>
          {fields.title}
          {fields.duration}
          {fields.notes}
          {fields.test}
          {fields.lectureUrl}
          <VideoUploadField onUploaded={(lectureUrl) => setValue('lectureUrl', lectureUrl, { shouldValidate: true })} />
          <div className="form-field form-field--checkbox">
            <input
              id={`${id}-isPreviewFree`}
              type="checkbox"
              {...previewFreeField}
            />
            <label htmlFor={`${id}-isPreviewFree`}>{t('addCourse.lecture.isPreviewFree')}</label>
          </div>
          <button type="submit" className="button dialog__submit">
            {initial ? t('addCourse.lecture.save') : t('addCourse.lecture.add')}
          </button>
        </form>
      </div>
    </div>,
    document.body,
  );
}
