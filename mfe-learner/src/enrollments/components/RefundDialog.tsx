import { formatPrice, fromPaise, REFUND_WINDOW_DAYS } from '@academy/contracts';
import { ModalDialog } from '@academy/ui';

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
  return (
    <ModalDialog
      title="Request a refund?"
      description={
        <>
          <p>
            {formatPrice(fromPaise(amountPaise))} for <strong>{courseTitle}</strong> goes back to the card, UPI or bank account you paid
            with. Refunds are possible within {REFUND_WINDOW_DAYS} days of purchase.
          </p>
          <p>Your access to the course ends when the refund is processed. You may buy the course again later.</p>
        </>
      }
      error={error}
      onClose={onClose}
      actions={
        <>
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
        </>
      }
    />
  );
}
