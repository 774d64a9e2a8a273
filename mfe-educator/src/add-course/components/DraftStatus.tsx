import { translateMessage, useTranslation } from '@academy/platform';
import type { AutosaveStatus } from '../data/useDraftAutosave';

/** The draft's save state beside the page title, announced politely (never interrupting typing). */
export function DraftStatus({ status }: { status: AutosaveStatus }) {
  const { t } = useTranslation('educator');
  let text = '';
  let tone = 'quiet';
  switch (status.kind) {
    case 'saving':
      text = t('addCourse.draftStatus.saving');
      break;
    case 'saved':
      text = t('addCourse.draftStatus.saved');
      break;
    case 'retrying':
      text = t('addCourse.draftStatus.retrying');
      tone = 'warning';
      break;
    case 'conflict':
      text = t('addCourse.draftStatus.notSaved', { reason: translateMessage(status.message) });
      tone = 'error';
      break;
    case 'refused':
      text = t('addCourse.draftStatus.notSaved', { reason: translateMessage(status.message) });
      tone = 'error';
      break;
    case 'idle':
      break;
  }
  return (
    <p className={`draft-status draft-status--${tone}`} role="status" aria-live="polite">
      {text}
      {status.kind === 'conflict' && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => window.location.reload()}>
            {t('addCourse.draftStatus.reload')}
          </button>
        </>
      )}
    </p>
  );
}
