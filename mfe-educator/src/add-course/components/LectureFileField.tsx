import { LECTURE_FILE_MAX_BYTES, LECTURE_FILE_NOT_PDF_MESSAGE, LECTURE_FILE_TOO_LARGE_MESSAGE } from '@academy/contracts';
import { errorMessage, type UploadProgress, useTranslation } from '@academy/platform';
import { useId, useRef, useState } from 'react';

/** Stores a notes or test PDF for the course; resolves with its link (signed for the educator) and name. */
export type LectureFileUploader = (file: File, onUploadProgress: (progress: UploadProgress) => void) => Promise<{ url: string; fileName: string }>;

export interface LectureFileFieldProps {
  /** Which file: names the field ("Or upload the notes as a PDF"). */
  what: 'notes' | 'test';
  upload: LectureFileUploader;
  /** The uploaded file's name, once there is one. */
  uploadedName: string | null;
  onUploaded(url: string, fileName: string): void;
  onRemoved(): void;
}

/** A PDF's first bytes ("%PDF-"): what the server checks too, so a renamed program is refused before it is sent. */
function looksLikePdf(file: File, unreadable: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String.fromCharCode(...new Uint8Array(reader.result as ArrayBuffer)) === '%PDF-');
    reader.onerror = () => reject(new Error(unreadable));
    reader.readAsArrayBuffer(file.slice(0, 5));
  });
}

/**
 * "Or upload … as a PDF": the limit shows before choosing, a file too big or not a PDF is refused under the field
 * (the server reads the bytes again), a progress bar shows while it goes up. The stored file is a paid file: only
 * enrolled learners and the course's educator get a (short-lived) link to it.
 */
export function LectureFileField({ what, upload, uploadedName, onUploaded, onRemoved }: LectureFileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  /** Why the chosen file was refused (shown through errorMessage, so in the language of the page). */
  const [problem, setProblem] = useState<unknown>(null);
  const { t } = useTranslation('educator');
  const words =
    what === 'notes'
      ? {
          uploaded: t('addCourse.lectureFile.notesUploaded'),
          removeHidden: t('addCourse.lectureFile.notesRemoveHidden'),
          upload: t('addCourse.lectureFile.notesUpload'),
          uploading: t('addCourse.lectureFile.notesUploading'),
        }
      : {
          uploaded: t('addCourse.lectureFile.testUploaded'),
          removeHidden: t('addCourse.lectureFile.testRemoveHidden'),
          upload: t('addCourse.lectureFile.testUpload'),
          uploading: t('addCourse.lectureFile.testUploading'),
        };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      if (file.size > LECTURE_FILE_MAX_BYTES) throw new Error(LECTURE_FILE_TOO_LARGE_MESSAGE);
      if (!(await looksLikePdf(file, t('addCourse.lectureFile.unreadable')))) throw new Error(LECTURE_FILE_NOT_PDF_MESSAGE);
      setPercent(0);
      const stored = await upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0));
      onUploaded(stored.url, stored.fileName);
    } catch (failure) {
      setProblem(failure);
    } finally {
      setPercent(null);
      if (inputRef.current) inputRef.current.value = ''; // the same file may be chosen again
    }
  };

  const problemText = problem === null ? null : errorMessage(problem);
  const describedBy = [`${id}-hint`, problemText ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field lecture-file">
      {uploadedName ? (
        <p className="lecture-file__uploaded" role="status">
          {words.uploaded} <strong>{uploadedName}</strong> {t('addCourse.lectureFile.protected')}{' '}
          <button type="button" className="link-button" onClick={onRemoved}>
            {t('addCourse.lectureFile.remove')}
            <span className="visually-hidden">{words.removeHidden}</span>
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={id}>{words.upload}</label>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="application/pdf,.pdf"
            disabled={percent !== null}
            aria-describedby={describedBy}
            aria-invalid={problemText ? true : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <p id={`${id}-hint`} className="form-field__hint">
            {t('addCourse.lectureFile.hint')}
          </p>
        </>
      )}
      {percent !== null && (
        <progress max={100} value={percent} aria-label={words.uploading}>
          {percent}%
        </progress>
      )}
      {problemText && (
        <p id={`${id}-error`} className="form-field__error">
          {problemText}
        </p>
      )}
    </div>
  );
}
