import { formatPrice, fromPaise, REFUND_WINDOW_DAYS } from '@academy/contracts';
import { useModalDialog } from '@academy/ui';
import { useId } from 'react';
import { createPortal } from 'react-dom';

export interface RefundDialogProps {
  courseTitle: string;
  amountPaise: number;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Confirms a refund request (WAI-ARIA modal dialog): focus starts on Cancel, the least destructive choice, and
 * stays inside (Tab and Shift+Tab wrap); Escape, Cancel and the backdrop close it; focus returns to the opener.
 * While the request runs the confirm button says so and ignores further presses (it keeps focus: aria-disabled).
 */
export function RefundDialog({ courseTitle, amountPaise, busy, error, onConfirm, onClose }: RefundDialogProps) {
  const titleId = useId();
  const descriptionId = useId();

  const { dialogRef, onKeyDown } = useModalDialog(onClose);

  return createPortal(
    <div className="refund-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className="refund-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="refund-dialog__title">
          Request a refund?
        </h2>
        <div id={descriptionId}>
          <p>
            {formatPrice(fromPaise(amountPaise))} for <strong>{courseTitle}</strong> goes back to the card, UPI or bank account you paid
            with. Refunds are possible within {REFUND_WINDOW_DAYS} days of purchase.
          </p>
          <p>Your access to the course ends when the refund is processed. You may buy the course again later.</p>
        </div>
        {error && (
          <p role="alert" className="refund-dialog__error">
            {error}
          </p>
        )}
        <div className="refund-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? 'Requesting refund…' : 'Confirm refund'}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
