import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../modal-dialog/useModalDialog';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** The question, naming what the choice does ("Delete chapter 'Kinematics' and its 3 lectures?"). */
  title: string;
  /** What follows from it (who is affected, what is kept). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive choice is drawn in the danger colour. */
  destructive?: boolean;
  /** While the choice runs: the confirm button ignores presses (it keeps focus: aria-disabled). */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A yes/no question as a WAI-ARIA alert dialog: focus starts on Cancel (the safe choice) and stays inside, Escape,
 * Cancel and the backdrop cancel, and focus returns to the opener.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', destructive, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialogRef, onKeyDown } = useModalDialog(onCancel);
  return createPortal(
    <div className="confirm-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onCancel()}>
      <div
        ref={dialogRef}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        {children && (
          <div id={descriptionId} className="confirm-dialog__body">
            {children}
          </div>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={destructive ? 'button confirm-dialog__danger' : 'button'}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
