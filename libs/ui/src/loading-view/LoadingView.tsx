import { useTranslation } from '@academy/platform';

export interface LoadingViewProps {
  /** Announced to screen readers; defaults to "Loading". */
  label?: string;
}

/** Spinner for pages and sections waiting for data; screen readers hear the label once. */
export function LoadingView({ label }: LoadingViewProps) {
  const { t } = useTranslation('ui');
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <div className="loading-view__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loadingView.loading')}</span>
    </div>
  );
}
