import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@academy/platform';
import { THUMBNAIL_TYPES } from '../data/authoringApi';

export interface ThumbnailPickerProps {
  file: File | null;
  /** The current thumbnail of a course being edited, shown until another file is chosen. */
  currentUrl?: string;
  onChange: (file: File | null) => void;
  /** The wrapper's id (the publish checklist links to it). */
  anchorId?: string;
  /** Percent sent while a draft's thumbnail is being stored. */
  uploadPercent?: number | null;
}

/** Image picker with a preview of the chosen file. */
export function ThumbnailPicker({ file, currentUrl, onChange, anchorId, uploadPercent = null }: ThumbnailPickerProps) {
  const { t } = useTranslation('educator');
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      if (inputRef.current) inputRef.current.value = ''; // after a reset, choosing the same file fires change again
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = previewUrl ?? currentUrl ?? null;
  return (
    <div className="form-field thumbnail-picker" id={anchorId}>
      <span className="form-field__label" id={`${id}-label`}>{t('addCourse.thumbnail.label')}</span>
      <div className="thumbnail-picker__row">
        <input
          ref={inputRef}
          id={id}
          className="visually-hidden thumbnail-picker__input"
          type="file"
          accept={THUMBNAIL_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        {/* The styled label opens the picker; the input's focus ring is drawn on it (CSS). */}
        <label htmlFor={id} className="button button--secondary thumbnail-picker__button">
          {file || currentUrl ? t('addCourse.thumbnail.change') : t('addCourse.thumbnail.choose')}
        </label>
        {shown ? (
          <img className="thumbnail-picker__preview" src={shown} alt={file ? t('addCourse.thumbnail.previewOf', { name: file.name }) : t('addCourse.thumbnail.current')} />
        ) : (
          <span className="thumbnail-picker__none">{t('addCourse.thumbnail.none')}</span>
        )}
      </div>
      <p id={`${id}-hint`} className="form-field__hint">{t('addCourse.thumbnail.hint')}</p>
      {uploadPercent !== null && (
        <progress className="thumbnail-picker__progress" max={100} value={uploadPercent} aria-label={t('addCourse.thumbnail.uploading')}>
          {uploadPercent}%
        </progress>
      )}
    </div>
  );
}
