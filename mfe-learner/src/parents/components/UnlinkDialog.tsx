import { useModalDialog } from '@academy/ui';
import { useId } from 'react';
import { createPortal } from 'react-dom';
import '../../enrollments/pages/MyEnrollmentsPage.css';

export interface UnlinkDialogProps {
  /** The person whose link goes: the child (from a parent's side) or the parent (from a child's side). */
  name: string;
  side: 'parent' | 'child';
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before a link is removed, naming the person and what is lost (a modal dialog: focus starts on Cancel, the
 * safe choice, stays inside, Escape and the backdrop close it, focus returns to the opener).
 */
export function UnlinkDialog({ name, side, busy, error, onConfirm, onClose }: UnlinkDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  return createPortal(
    <div className="refund-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="refund-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} onKeyDown={onKeyDown}>
        <h2 id={titleId} className="refund-dialog__title">
          Remove the link with {name}?
        </h2>
        {side === 'parent' ? (
          <div id={descriptionId}>
            <p>You will no longer see {name}&apos;s courses, progress, certificates, receipts or messages with their educators, and you will not get emails about {name}.</p>
            <p>To link again, {name} has to create a new code for you.</p>
          </div>
        ) : (
          <div id={descriptionId}>
            <p>{name} will no longer see your courses, progress or certificates, and cannot buy courses for you.</p>
            <p>To link again, you have to create a new code for them.</p>
          </div>
        )}
        {error && (
          <p role="alert" className="refund-dialog__error">
            {error}
          </p>
        )}
        <div className="refund-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
            {busy ? 'Removing…' : `Remove ${name}`}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
