import { errorMessage, useToast } from '@academy/platform';
import { useId, useReducer, useState, type FormEvent } from 'react';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES, courseForm, type AuthoringResult } from '../data/authoringApi';
import { chaptersReducer, emptyCourseFields, toCourseData, type CourseFields, type DraftChapter } from '../data/courseDraft';
import { LazyRichTextEditor } from '../editor/LazyRichTextEditor';
import { ChapterList } from './ChapterList';
import { ThumbnailPicker } from './ThumbnailPicker';

export interface CourseFormProps {
  /** Starting values (the edit page); a new course starts empty. */
  initial?: { fields: CourseFields; chapters: DraftChapter[]; thumbnailUrl: string };
  submitLabel: string;
  busyLabel: string;
  /** Sends the multipart body; resolves with the server's answer, rejects with its message. */
  submit: (form: FormData) => Promise<AuthoringResult>;
  /** After a success: `reset` clears every field and the editor (Add Course); otherwise the page decides. */
  onSuccess: (result: AuthoringResult, reset: () => void) => void;
}

/** The Add Course form of the spec, also used to edit a course. */
export function CourseForm({ initial, submitLabel, busyLabel, submit, onSuccess }: CourseFormProps) {
  const toast = useToast();
  const id = useId();
  const [fields, setFields] = useState<CourseFields>(initial?.fields ?? emptyCourseFields);
  const [chapters, dispatch] = useReducer(chaptersReducer, initial?.chapters ?? []);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isEditing = initial !== undefined;

  const set = (key: keyof CourseFields, value: string) => setFields((current) => ({ ...current, [key]: value }));

  const reset = () => {
    setFields(emptyCourseFields);
    dispatch({ type: 'replace', chapters: [] });
    setThumbnail(null);
    setEditorGeneration((n) => n + 1); // a new editor instance starts empty
  };

  const chooseThumbnail = (file: File | null) => {
    if (file && !THUMBNAIL_TYPES.includes(file.type)) {
      toast.error('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (file && file.size > THUMBNAIL_MAX_BYTES) {
      toast.error('The thumbnail must be at most 5 MB.');
      return;
    }
    setThumbnail(file);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (!thumbnail && !isEditing) {
      toast.error('Thumbnail Not Selected');
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await submit(courseForm(toCourseData(fields, chapters), thumbnail));
      onSuccess(result, reset);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="course-form" onSubmit={(event) => void onSubmit(event)} aria-busy={isSubmitting}>
      <div className="form-field">
        <label htmlFor={`${id}-title`}>Course Title</label>
        <input
          id={`${id}-title`}
          type="text"
          required
          maxLength={200}
          placeholder="Type here"
          value={fields.courseTitle}
          onChange={(event) => set('courseTitle', event.target.value)}
        />
      </div>
      <div className="form-field">
        <span className="form-field__label" id={`${id}-description-label`}>
          Course Description
        </span>
        <LazyRichTextEditor
          key={editorGeneration}
          initialHtml={initial?.fields.courseDescription}
          labelId={`${id}-description-label`}
          placeholder="Describe the course"
          onChange={(html) => set('courseDescription', html)}
        />
      </div>
      <div className="course-form__row">
        <div className="form-field">
          <label htmlFor={`${id}-price`}>Course Price</label>
          <input
            id={`${id}-price`}
            type="number"
            required
            min={0}
            step={0.01}
            inputMode="decimal"
            placeholder="0"
            value={fields.coursePrice}
            onChange={(event) => set('coursePrice', event.target.value)}
          />
        </div>
        <ThumbnailPicker file={thumbnail} currentUrl={initial?.thumbnailUrl} onChange={chooseThumbnail} />
      </div>
      <div className="form-field course-form__discount">
        <label htmlFor={`${id}-discount`}>Discount %</label>
        <input
          id={`${id}-discount`}
          type="number"
          required
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          placeholder="0"
          value={fields.discount}
          onChange={(event) => set('discount', event.target.value)}
        />
      </div>
      <ChapterList chapters={chapters} dispatch={dispatch} />
      <button type="submit" className="button course-form__submit" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
