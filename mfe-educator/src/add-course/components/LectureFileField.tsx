import { LECTURE_FILE_MAX_BYTES, LECTURE_FILE_NOT_PDF_MESSAGE, LECTURE_FILE_TOO_LARGE_MESSAGE } from '@academy/contracts';
import { errorMessage, type UploadProgress } from '@academy/platform';
import { useId, useRef, useState } from 'react';

/** Stores a notes or test PDF for the course; resolves with its link (signed for the educator) and name. */
export type LectureFileUploader = (file: File, onUploadProgress: (progress: UploadProgress) => void) => Promise<{ url: string; fileName: string }>;

export interface LectureFileFieldProps {
  /** "Notes" or "Test": names the field ("Or upload the notes as a PDF"). */
  what: string;
  upload: LectureFileUploader;
  /** The uploaded file's name, once there is one. */
  uploadedName: string | null;
  onUploaded(url: string, fileName: string): void;
  onRemoved(): void;
}

/** A PDF's first bytes ("%PDF-"): what the server checks too, so a renamed program is refused before it is sent. */
function looksLikePdf(file: File): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String.fromCharCode(...new Uint8Array(reader.result as ArrayBuffer)) === '%PDF-');
    reader.onerror = () => reject(new Error('The file could not be read'));
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
  const [problem, setProblem] = useState<string | null>(null);
  const lower = what.toLowerCase();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    try {
      if (file.size > LECTURE_FILE_MAX_BYTES) throw new Error(LECTURE_FILE_TOO_LARGE_MESSAGE);
      if (!(await looksLikePdf(file))) throw new Error(LECTURE_FILE_NOT_PDF_MESSAGE);
      setPercent(0);
      const stored = await upload(file, ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0));
      onUploaded(stored.url, stored.fileName);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setPercent(null);
      if (inputRef.current) inputRef.current.value = ''; // the same file may be chosen again
    }
  };

  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="form-field lecture-file">
      {uploadedName ? (
        <p className="lecture-file__uploaded" role="status">
          {what} file: <strong>{uploadedName}</strong> (protected: enrolled learners only){' '}
          <button type="button" className="link-button" onClick={onRemoved}>
            Remove<span className="visually-hidden"> the {lower} file</span>
          </button>
        </p>
      ) : (
        <>
          <label htmlFor={id}>Or upload the {lower} as a PDF</label>
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="application/pdf,.pdf"
            disabled={percent !== null}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <p id={`${id}-hint`} className="form-field__hint">
            PDF, up to 20 MB. Kept for enrolled learners only.
          </p>
        </>
      )}
      {percent !== null && (
        <progress max={100} value={percent} aria-label={`Uploading the ${lower}`}>
          {percent}%
        </progress>
      )}
      {problem && (
        <p id={`${id}-error`} className="form-field__error">
          {problem}
        </p>
      )}
    </div>
  );
}
