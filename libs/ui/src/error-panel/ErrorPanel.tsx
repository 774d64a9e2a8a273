export interface ErrorPanelProps {
  title?: string;
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** Friendly failure message with a Retry button; announced as an alert. */
export function ErrorPanel({ title = 'Something went wrong', message, onRetry, retryLabel = 'Retry' }: ErrorPanelProps) {
  return (
    <section className="error-panel" role="alert">
      <h2 className="error-panel__title">{title}</h2>
      <p className="error-panel__message">{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </section>
  );
}
