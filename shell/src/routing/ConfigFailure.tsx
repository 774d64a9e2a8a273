import { useTranslation } from '@academy/platform';

/**
 * Shown when /runtime-config.json is missing or invalid: nothing else can start without it. The translations may
 * have failed to load too, so each text keeps its English as the default rather than showing a key.
 */
export function ConfigFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('shell', { useSuspense: false });
  return (
    <main className="config-failure">
      <h1>{t('routing.configFailure.title', { defaultValue: 'The portal could not start' })}</h1>
      <p>{t('routing.configFailure.message', { defaultValue: 'Its settings could not be loaded. Please reload the page in a moment.' })}</p>
      <pre>{error instanceof Error ? error.message : String(error)}</pre>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('routing.configFailure.reload', { defaultValue: 'Reload' })}
      </button>
    </main>
  );
}
