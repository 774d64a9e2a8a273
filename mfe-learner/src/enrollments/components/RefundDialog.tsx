import { fromPaise, REFUND_WINDOW_DAYS } from '@academy/contracts';
import { Trans, useFormat, useTranslation } from '@academy/platform';
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
  const { t } = useTranslation('learner');
  const format = useFormat();
  return (
    <ModalDialog
      title={t('enrollments.refund.dialogTitle')}
      description={
        <>
          <p>
            <Trans
              t={t}
              i18nKey="enrollments.refund.dialogText"
              values={{ amount: format.price(fromPaise(amountPaise)), title: courseTitle, days: REFUND_WINDOW_DAYS }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p>{t('enrollments.refund.accessEnds')}</p>
        </>
      }
      error={error}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('enrollments.refund.cancel')}
          </button>
          <button
            type="button"
            className="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? t('enrollments.refund.requesting') : t('enrollments.refund.confirm')}
          </button>
        </>
      }
    />
  );
}
