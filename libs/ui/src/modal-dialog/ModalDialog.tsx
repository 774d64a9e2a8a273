import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from './useModalDialog';
import './modal-dialog.css';

export interface ModalDialogProps {
  title: ReactNode;
  /** Read out with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  /** Escape, a click on the backdrop, and the caller's Cancel. */
  onClose(): void;
  children?: ReactNode;
  /** The buttons at the foot, least destructive first (it gets the focus when there is no field). */
  actions?: ReactNode;
  /** The server's or the form's message, announced (role="alert"). */
  error?: string | null;
  /** `wide` for forms (32 rem instead of 28). */
  size?: 'narrow' | 'wide';
  /** `alertdialog` for a question that needs an answer before anything else (a confirmation). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The portal's one modal dialog frame (WAI-ARIA dialog pattern): rendered over the page in a portal, labelled by
 * its title, keyboard handled by `useModalDialog` (focus in, Tab wraps, Escape closes, focus back to the opener).
 */
export function ModalDialog({ title, description, onClose, children, actions, error, size = 'narrow', role = 'dialog' }: ModalDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  return createPortal(
    <div className="modal-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={`modal-dialog modal-dialog--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="modal-dialog__description">
            {description}
          </div>
        )}
        {children}
        {error && (
          <p role="alert" className="modal-dialog__error">
            {error}
          </p>
        )}
        {actions && <div className="modal-dialog__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
