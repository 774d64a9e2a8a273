import { translateMessage, useTranslation } from '@academy/platform';

export interface ErrorPanelProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/**
 * Friendly failure message with a Retry button; announced as an alert. A service's English message is shown in the
 * reader's language (text already translated passes unchanged).
 */
export function ErrorPanel({ title, message, onRetry, retryLabel }: ErrorPanelProps) {
  const { t } = useTranslation('ui');
  return (
    <section className="error-panel" role="alert">
      <h2 className="error-panel__title">{title ?? t('errorPanel.title')}</h2>
      <p className="error-panel__message">{translateMessage(message)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel ?? t('errorPanel.retry')}
        </button>
      )}
    </section>
  );
}
