import { useFormat, useTranslation } from '@academy/platform';
import { useModalDialog } from '@academy/ui';
import { useId, type ReactNode } from 'react';

interface FilterSheetProps {
  /** Courses the chosen filters give (the server's total), for "Show N courses". */
  total: number | null;
  onClose(): void;
  onClear(): void;
  children: ReactNode;
}

/**
 * Phones: the filters in a bottom sheet, a WAI-ARIA modal dialog (focus moves in and stays, Escape closes, focus
 * returns to the Filters button). Each choice applies at once; "Show N courses" closes the sheet on the list.
 */
export function FilterSheet({ total, onClose, onClear, children }: FilterSheetProps) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  const titleId = useId();
  return (
    <div className="filter-sheet__backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="filter-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="filter-sheet__header">
          <h2 id={titleId}>{t('catalogue.filters.title')}</h2>
          <button type="button" className="filter-sheet__clear" onClick={onClear}>
            {t('catalogue.filters.clearAll')}
          </button>
        </div>
        <div className="filter-sheet__body">{children}</div>
        <div className="filter-sheet__footer">
          <button type="button" className="button filter-sheet__show" onClick={onClose}>
            {total === null ? t('catalogue.filters.showCourses') : t('catalogue.filters.showCount', { count: total, formatted: format.count(total) })}
          </button>
        </div>
      </div>
    </div>
  );
}
