import { zodResolver } from '@hookform/resolvers/zod';
import { BOARDS, COURSE_LANGUAGES, COURSE_TITLE_MAX, priceAfterDiscount, SCHOOL_CLASSES, SUBJECTS, type CourseDraftContentInput } from '@academy/contracts';
import { errorMessage, Trans, type UploadProgress, useFormat, useToast, useTranslation } from '@academy/platform';
import { useCourseLanguageNames } from '@academy/ui';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES, courseForm, type AuthoringResult } from '../data/authoringApi';
import { chaptersReducer, draftFromCourse, emptyCourseFields, toCourseData, toDraftContent, type CourseFields, type DraftChapter } from '../data/courseDraft';
import type { LectureFileUploader } from './LectureFileField';
import { courseFieldsSchema } from '../data/courseFormSchema';
import { LazyRichTextEditor } from '../editor/LazyRichTextEditor';
import { ChapterList } from './ChapterList';
import { ThumbnailPicker } from './ThumbnailPicker';
import { CharacterCount } from './CharacterCount';
import { useCourseText } from '../useCourseText';

export interface CourseFormProps {
  /** Starting values (the edit page); a new course starts empty. */
  initial?: { fields: CourseFields; chapters: DraftChapter[]; thumbnailUrl: string };
  submitLabel: string;
  busyLabel: string;
  /** Sends the multipart body, reporting its upload; resolves with the server's answer, rejects with its message. */
  submit?: (form: FormData, onUploadProgress: (progress: UploadProgress) => void) => Promise<AuthoringResult>;
  /**
   * After a success: `reset` clears every field and the editor (Add Course); otherwise the page decides. `stay`:
   * the save was the form's own (a quiz saved in its dialog), the page stays and the form goes on from the result.
   */
  onSuccess?: (result: AuthoringResult, reset: () => void, how: { stay: boolean }) => void;
  /** An existing course: a quiz saved in its dialog saves the course at once (the form's checks first). */
  saveWhenQuizSaved?: boolean;
  /** Learners enrolled in the course: deleting a chapter or a lecture warns them by number. */
  enrolledCount?: number;
  /** Told whether anything differs from what was loaded or last saved (the page asks before leaving). */
  onDirtyChange?: (dirty: boolean) => void;
  /** `initial` holds edits restored from this device, not the server's copy: unsaved until saved. */
  startsDirty?: boolean;
  /** A draft: every change (fields as typed, chapters) is handed on to be saved. */
  onContentChange?: (content: CourseDraftContentInput) => void;
  /** A draft: a chosen thumbnail is stored at once; resolves with its URL. */
  uploadThumbnail?: (file: File, onUploadProgress: (progress: UploadProgress) => void) => Promise<string>;
  /** A draft: the submit button publishes (after the form's own checks) instead of sending the multipart body. */
  publish?: () => Promise<void>;
  /** Stores notes and tests uploaded in the lecture dialog; without it the dialog takes links only. */
  lectureFiles?: LectureFileUploader;
}

/** The id of a field's wrapper, which the publish checklist links to. */
export const courseFieldAnchor = (field: string) => `course-field-${field}`;

// `raw`: the form keeps what was typed (toCourseData converts it); the contract's schema only judges it.
const courseFieldsResolver = zodResolver(courseFieldsSchema, undefined, { raw: true }) as unknown as Resolver<CourseFields>;

/** The Add Course form of the spec, also used to edit a course: react-hook-form, errors under each field. */
export function CourseForm({
  initial,
  submitLabel,
  busyLabel,
  submit,
  onSuccess,
  onContentChange,
  uploadThumbnail,
  publish,
  lectureFiles,
  saveWhenQuizSaved,
  enrolledCount,
  onDirtyChange,
  startsDirty = false,
}: CourseFormProps) {
  const toast = useToast();
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const id = useId();
  const { register, handleSubmit, setValue, reset: resetFields, formState, watch, getValues } = useForm<CourseFields>({
    defaultValues: initial?.fields ?? emptyCourseFields,
    resolver: courseFieldsResolver,
  });
  const { errors } = formState;
  const [chapters, dispatch] = useReducer(chaptersReducer, initial?.chapters ?? []);
  /** What was loaded or last saved: the form is dirty while its fields, description, chapters or thumbnail differ. */
  const [savedChapters, setSavedChapters] = useState(chapters);
  const [descriptionChanged, setDescriptionChanged] = useState(startsDirty);
  /** A quiz was just saved in its dialog: the course saves once the chapters hold it. */
  const [quizSavePending, setQuizSavePending] = useState(false);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  /** Percent of the body (thumbnail included) sent, while a submit is on its way. */
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const isEditing = initial !== undefined && !publish;
  /** A draft's thumbnail once stored (its URL), and the upload's percent meanwhile. */
  const [storedThumbnail, setStoredThumbnail] = useState<string | null>(initial?.thumbnailUrl || null);
  const [thumbnailPercent, setThumbnailPercent] = useState<number | null>(null);
  /** A draft's thumbnail on its way: publishing waits for it. */
  const thumbnailUpload = useRef<Promise<unknown> | null>(null);

  // A draft hands every change on: a field typed (react-hook-form's watch), a chapter, lecture or quiz changed.
  const onContentChangeRef = useRef(onContentChange);
  onContentChangeRef.current = onContentChange;
  const chaptersRef = useRef(chapters);
  chaptersRef.current = chapters;
  useEffect(() => {
    const subscription = watch((values) => onContentChangeRef.current?.(toDraftContent(values as CourseFields, chaptersRef.current)));
    return () => subscription.unsubscribe();
  }, [watch]);
  const chaptersSeen = useRef(chapters);
  useEffect(() => {
    if (chaptersSeen.current === chapters) return; // not on mount: nothing changed yet
    chaptersSeen.current = chapters;
    onContentChangeRef.current?.(toDraftContent(getValues(), chapters));
  }, [chapters, getValues]);

  const reset = () => {
    resetFields(emptyCourseFields);
    dispatch({ type: 'replace', chapters: [] });
    setThumbnail(null);
    setEditorGeneration((n) => n + 1); // a new editor instance starts empty
  };

  const chooseThumbnail = (file: File | null) => {
    if (file && !THUMBNAIL_TYPES.includes(file.type)) {
      toast.error(t('addCourse.form.thumbnailType'));
      return;
    }
    if (file && file.size > THUMBNAIL_MAX_BYTES) {
      toast.error(t('addCourse.form.thumbnailSize'));
      return;
    }
    setThumbnail(file);
    if (file && uploadThumbnail) {
      setThumbnailPercent(0);
      thumbnailUpload.current = uploadThumbnail(file, ({ loaded, total }) => setThumbnailPercent(total > 0 ? Math.round((loaded / total) * 100) : 0))
        .then((url) => setStoredThumbnail(url))
        .catch((failure: unknown) => {
          toast.error(errorMessage(failure));
          setThumbnail(null);
        })
        .finally(() => setThumbnailPercent(null));
    }
  };

  const sendPublish = async (run: () => Promise<void>) => {
    setIsSubmitting(true);
    try {
      await thumbnailUpload.current;
      await run();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const send = async (fields: CourseFields, stay = false) => {
    if (!submit || !onSuccess) return;
    setIsSubmitting(true);
    setUploadPercent(0);
    try {
      const result = await submit(courseForm(toCourseData(fields, chapters), thumbnail), ({ loaded, total }) =>
        setUploadPercent(total > 0 ? Math.round((loaded / total) * 100) : 0),
      );
      if (stay) {
        // The server's ids for what was new: the next save keeps them (and the quiz it just stored).
        const saved = result.course ? draftFromCourse(result.course).chapters : chapters;
        const open = new Set(chapters.filter((chapter) => !chapter.collapsed).map((chapter) => chapter.chapterTitle));
        const next = saved.map((chapter) => ({ ...chapter, collapsed: !open.has(chapter.chapterTitle) }));
        dispatch({ type: 'replace', chapters: next });
        setSavedChapters(next);
        resetFields(fields);
        setDescriptionChanged(false);
        setThumbnail(null);
        if (result.course?.courseThumbnail) setStoredThumbnail(result.course.courseThumbnail);
      }
      onSuccess(result, reset, { stay });
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
      setUploadPercent(null);
    }
  };

  const dirty = formState.isDirty || descriptionChanged || chapters !== savedChapters || thumbnail !== null;
  const onDirtyChangeRef = useRef(onDirtyChange);
  onDirtyChangeRef.current = onDirtyChange;
  useEffect(() => onDirtyChangeRef.current?.(dirty), [dirty]);

  // A quiz saved in its dialog goes to the server with the rest of the form (its checks first: a problem is shown
  // under its field and the quiz stays in the form, kept on this device by the page).
  useEffect(() => {
    if (!quizSavePending) return;
    setQuizSavePending(false);
    void handleSubmit(
      (fields) => send(fields, true),
      () => toast.error(t('addCourse.form.quizNotSaved')),
    )();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per quiz saved, with the chapters that hold it
  }, [quizSavePending]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    // The spec's toast for a missing thumbnail; the field errors still show, and nothing is sent.
    const thumbnailMissing = !thumbnail && !isEditing && !storedThumbnail;
    if (thumbnailMissing) toast.error(t('addCourse.form.thumbnailNotSelected'));
    void handleSubmit(async (fields) => {
      if (thumbnailMissing) return;
      if (publish) await sendPublish(publish);
      else await send(fields);
    })(event);
  };

  /** aria-invalid and aria-describedby of a field, and its error under it. */
  const errorOf = (name: keyof CourseFields) => {
    const message = text.fieldError(errors[name]?.message);
    const errorId = `${id}-${name}-error`;
    return {
      inputProps: { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? errorId : undefined },
      text: message ? (
        <p id={errorId} className="form-field__error">
          {message}
        </p>
      ) : null,
    };
  };
  const titleError = errorOf('courseTitle');
  const titleLength = watch('courseTitle').length;
  const typedPrice = watch('coursePrice');
  const typedDiscount = watch('discount');
  const priceError = errorOf('coursePrice');
  const discountError = errorOf('discount');
  const descriptionError = errorOf('courseDescription');
  const classFromError = errorOf('classFrom');
  const classToError = errorOf('classTo');
  const subjectError = errorOf('subject');
  const boardError = errorOf('board');
  const languageError = errorOf('language');
  const languageNames = useCourseLanguageNames();
  // Each field's react-hook-form props (names are keys, not text: kept out of the JSX the text rule reads).
  const registered = {
    courseTitle: register('courseTitle'),
    coursePrice: register('coursePrice'),
    discount: register('discount'),
    classFrom: register('classFrom'),
    classTo: register('classTo'),
    subject: register('subject'),
    board: register('board'),
    language: register('language'),
  };

  return (
    <form className="course-form" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <div className="form-field" id={courseFieldAnchor('courseTitle')}>
        <label htmlFor={`${id}-title`}>{t('addCourse.form.courseTitle')}</label>
        <input
          id={`${id}-title`}
          type="text"
          required
          placeholder={t('addCourse.form.typeHere')}
          {...registered.courseTitle}
          {...titleError.inputProps}
          aria-describedby={[`${id}-title-count`, titleError.inputProps['aria-describedby']].filter(Boolean).join(' ')}
        />
        <CharacterCount id={`${id}-title-count`} length={titleLength} max={COURSE_TITLE_MAX} />
        {titleError.text}
      </div>
      <div className="form-field" id={courseFieldAnchor('courseDescription')}>
        <span className="form-field__label" id={`${id}-description-label`}>
          {t('addCourse.form.courseDescription')}
        </span>
        <LazyRichTextEditor
          key={editorGeneration}
          initialHtml={initial?.fields.courseDescription}
          labelId={`${id}-description-label`}
          placeholder={t('addCourse.form.describe')}
          onChange={(html) => {
            setValue('courseDescription', html);
            setDescriptionChanged(true);
          }}
        />
        {descriptionError.text}
      </div>
      <div className="course-form__row">
        <div className="form-field" id={courseFieldAnchor('coursePrice')}>
          <label htmlFor={`${id}-price`}>{t('addCourse.form.coursePrice')}</label>
          <input
            id={`${id}-price`}
            type="number"
            required
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0"
            {...registered.coursePrice}
            {...priceError.inputProps}
          />
          {priceError.text}
        </div>
        <ThumbnailPicker
          anchorId={courseFieldAnchor('courseThumbnail')}
          file={thumbnail}
          currentUrl={storedThumbnail ?? initial?.thumbnailUrl}
          uploadPercent={thumbnailPercent}
          onChange={chooseThumbnail}
        />
      </div>
      <div className="form-field course-form__discount" id={courseFieldAnchor('discount')}>
        <label htmlFor={`${id}-discount`}>{t('addCourse.form.discount')}</label>
        <input
          id={`${id}-discount`}
          type="number"
          required
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          placeholder="0"
          {...registered.discount}
          {...discountError.inputProps}
        />
        {discountError.text}
        <FinalPrice price={typedPrice} discount={typedDiscount} />
      </div>
      <fieldset className="course-form__taxonomy" id={courseFieldAnchor('audience')}>
        <legend>{t('addCourse.form.audience')}</legend>
        <div className="form-field">
          <label htmlFor={`${id}-class-from`}>{t('addCourse.form.classFrom')}</label>
          <select id={`${id}-class-from`} required {...registered.classFrom} {...classFromError.inputProps}>
            <option value="">{t('addCourse.form.choose')}</option>
            {SCHOOL_CLASSES.map((value) => (
              <option key={value} value={value}>
                {t('addCourse.classes.one', { class: value })}
              </option>
            ))}
          </select>
          {classFromError.text}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-class-to`}>{t('addCourse.form.classTo')}</label>
          <select id={`${id}-class-to`} required {...registered.classTo} {...classToError.inputProps}>
            <option value="">{t('addCourse.form.choose')}</option>
            {SCHOOL_CLASSES.map((value) => (
              <option key={value} value={value}>
                {t('addCourse.classes.one', { class: value })}
              </option>
            ))}
          </select>
          {classToError.text}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-subject`}>{t('addCourse.form.subject')}</label>
          <select id={`${id}-subject`} required {...registered.subject} {...subjectError.inputProps}>
            <option value="">{t('addCourse.form.choose')}</option>
            {SUBJECTS.map((subject) => (
              <option key={subject.slug} value={subject.slug}>
                {text.subject(subject.slug)}
              </option>
            ))}
          </select>
          {subjectError.text}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-board`}>{t('addCourse.form.board')}</label>
          <select id={`${id}-board`} required {...registered.board} {...boardError.inputProps}>
            <option value="">{t('addCourse.form.choose')}</option>
            {BOARDS.map((board) => (
              <option key={board.slug} value={board.slug}>
                {text.board(board.slug)}
              </option>
            ))}
          </select>
          {boardError.text}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-language`}>{t('addCourse.form.language')}</label>
          <select id={`${id}-language`} required {...registered.language} {...languageError.inputProps}>
            {COURSE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {languageNames[language]}
              </option>
            ))}
          </select>
          {languageError.text}
        </div>
      </fieldset>
      <ChapterList
        chapters={chapters}
        dispatch={dispatch}
        lectureFiles={lectureFiles}
        anchorId={courseFieldAnchor('courseContent')}
        enrolledCount={enrolledCount}
        onQuizSaved={saveWhenQuizSaved ? () => setQuizSavePending(true) : undefined}
      />
      {uploadPercent !== null && (
        <div className="form-field course-form__upload">
          <label htmlFor={`${id}-upload`}>{t('addCourse.form.uploading')}</label>
          <progress id={`${id}-upload`} max={100} value={uploadPercent}>
            {uploadPercent}%
          </progress>
        </div>
      )}
      <button type="submit" className="button course-form__submit" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** What learners pay, under the price and discount as they are typed (₹ with Indian grouping, to the paisa). */
function FinalPrice({ price, discount }: { price: string; discount: string }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const priceValue = Number(price);
  const discountValue = discount.trim() === '' ? 0 : Number(discount);
  const readable = price.trim() !== '' && Number.isFinite(priceValue) && priceValue >= 0 && Number.isFinite(discountValue) && discountValue >= 0 && discountValue <= 100;
  const payable = readable ? priceAfterDiscount(priceValue, discountValue) : 0;
  const amount = payable === 0 ? t('addCourse.form.free') : format.price(payable);
  return (
    <p className="course-form__final-price" aria-live="polite">
      {readable && discountValue > 0 && (
        <Trans t={t} i18nKey="addCourse.form.learnersPayDiscounted" values={{ amount, price: format.price(priceValue), discount: discountValue }} components={{ strong: <strong /> }} />
      )}
      {readable && discountValue === 0 && <Trans t={t} i18nKey="addCourse.form.learnersPay" values={{ amount }} components={{ strong: <strong /> }} />}
      {!readable && t('addCourse.form.learnersPayUnknown')}
    </p>
  );
}
