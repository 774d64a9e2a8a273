import { errorMessage, useApi, useTranslation } from '@academy/platform';
import { useId, useState } from 'react';
import { fetchStreamKey } from './liveClassesApi';

/**
 * Publishing from OBS (30 or later, WHIP output): the class's WHIP URL and secret stream key, each with Copy; the
 * key is shown only when asked for, and can be replaced (the old one stops working at once).
 */
export function ObsPanel({ classId }: { classId: string }) {
  const { t } = useTranslation('educator');
  const api = useApi();
  const id = useId();
  const [settings, setSettings] = useState<{ url: string; key: string } | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const load = async (renew: boolean) => {
    setProblem(null);
    try {
      const answer = await fetchStreamKey(api, classId, renew);
      setSettings({ url: `${window.location.origin}${answer.whipPath}`, key: answer.streamKey });
      setStatus(renew ? t('liveClasses.obs.renewed') : '');
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('liveClasses.obs.copied', { what }));
    } catch {
      setStatus(t('liveClasses.obs.copyFailed'));
    }
  };

  return (
    <details className="obs-panel">
      <summary>{t('liveClasses.obs.title')}</summary>
      <p>{t('liveClasses.obs.help')}</p>
      {settings ? (
        <>
          <div className="form-field">
            <label htmlFor={`${id}-url`}>{t('liveClasses.obs.server')}</label>
            <div className="obs-panel__row">
              <input id={`${id}-url`} readOnly value={settings.url} />
              <button type="button" className="button-secondary" onClick={() => void copy(settings.url, t('liveClasses.obs.server'))}>
                {t('liveClasses.obs.copy')}
              </button>
            </div>
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-key`}>{t('liveClasses.obs.key')}</label>
            <div className="obs-panel__row">
              <input id={`${id}-key`} readOnly type="password" value={settings.key} autoComplete="off" />
              <button type="button" className="button-secondary" onClick={() => void copy(settings.key, t('liveClasses.obs.key'))}>
                {t('liveClasses.obs.copy')}
              </button>
            </div>
          </div>
          <button type="button" className="button-secondary" onClick={() => void load(true)}>
            {t('liveClasses.obs.renew')}
          </button>
        </>
      ) : (
        <button type="button" className="button-secondary" onClick={() => void load(false)}>
          {t('liveClasses.obs.show')}
        </button>
      )}
      <p role="status">{status}</p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
