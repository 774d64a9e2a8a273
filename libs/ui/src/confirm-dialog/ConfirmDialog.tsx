import type { ReactNode } from 'react';
import { useTranslation } from '@academy/platform';
import { ModalDialog } from '../modal-dialog/ModalDialog';

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
  /** Why the choice failed, announced. */
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A yes/no question as a WAI-ARIA alert dialog in the portal's one dialog frame: focus starts on Cancel (the safe
 * choice) and stays inside; Escape, Cancel and the backdrop cancel; focus returns to the opener.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, destructive, busy, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  return (
    <ModalDialog
      role="alertdialog"
      title={title}
      description={children}
      error={error}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {cancelLabel ?? t('confirmDialog.cancel')}
          </button>
          <button
            type="button"
            className={destructive ? 'button modal-dialog__danger' : 'button'}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
