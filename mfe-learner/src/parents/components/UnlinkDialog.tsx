import { ConfirmDialog } from '@academy/ui';
import { useTranslation } from '@academy/platform';

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
  const { t } = useTranslation('learner');
  return (
    <ConfirmDialog
      title={t('parents.unlink.title', { name })}
      confirmLabel={busy ? t('parents.unlink.removing') : t('parents.unlink.confirm', { name })}
      cancelLabel={t('parents.unlink.cancel')}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onClose}
    >
      {side === 'parent' ? (
        <>
          <p>{t('parents.unlink.parentLoses', { name })}</p>
          <p>{t('parents.unlink.parentRelink', { name })}</p>
        </>
      ) : (
        <>
          <p>{t('parents.unlink.childLoses', { name })}</p>
          <p>{t('parents.unlink.childRelink')}</p>
        </>
      )}
    </ConfirmDialog>
  );
}
