import { useEffect, useId, useRef, useState } from 'react';
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
      <span className="form-field__label" id={`${id}-label`}>Course Thumbnail</span>
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
          {file || currentUrl ? 'Change image' : 'Choose image'}
        </label>
        {shown ? (
          <img className="thumbnail-picker__preview" src={shown} alt={file ? `Preview of ${file.name}` : 'Current thumbnail'} />
        ) : (
          <span className="thumbnail-picker__none">No image chosen</span>
        )}
      </div>
      <p id={`${id}-hint`} className="form-field__hint">PNG, JPEG or WebP, up to 5 MB.</p>
      {uploadPercent !== null && (
        <progress className="thumbnail-picker__progress" max={100} value={uploadPercent} aria-label="Uploading the thumbnail">
          {uploadPercent}%
        </progress>
      )}
    </div>
  );
}
