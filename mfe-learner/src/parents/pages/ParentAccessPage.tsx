import { formatLinkCode, LINK_CODE_TTL_HOURS, type LinkCodeAnswer, type LinkedPerson } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  Trans,
  useApi,
  useCurrentUser,
  useFormat,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useEffect, useRef, useState } from 'react';
import { LoginRequired } from '../../enrollments';
import { createLinkCode, removeLink } from '../data/parentsApi';
import { useParentLinks } from '../data/useParents';
import { UnlinkDialog } from '../components/UnlinkDialog';
import './Parents.css';

/** /parent-access: a learner creates a one-time code for a parent, sees who is linked and removes a link. */
export function ParentAccessPage() {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const { isLoading, isAuthenticated, login } = useCurrentUser();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const links = useParentLinks(isAuthenticated);
  const [code, setCode] = useState<LinkCodeAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [copyMessage, setCopyMessage] = useState('');
  const [unlinking, setUnlinking] = useState<LinkedPerson | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const codeRef = useRef<HTMLDivElement>(null);
  // A new code takes focus, so a screen reader reads it and the keyboard is next to Copy and Share.
  useEffect(() => {
    if (code) codeRef.current?.focus();
  }, [code]);

  if (isLoading) return <LoadingView label={t('parents.access.loading')} />;
  if (!isAuthenticated) return <LoginRequired text={t('parents.access.loginText')} onLogin={() => void login('/parent-access')} />;

  const create = async () => {
    setBusy(true);
    setCopyMessage('');
    try {
      setCode(await createLinkCode(api));
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (parent: LinkedPerson) => {
    if (removing) return;
    setRemoving(true);
    try {
      await removeLink(api, parent.id);
      toast.success(t('parents.access.removed', { name: parent.name }));
      setUnlinking(null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.parents.all });
    } catch (failure) {
      setRemoveError(errorMessage(failure));
    } finally {
      setRemoving(false);
    }
  };
  const shown = code ? formatLinkCode(code.code) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      setCopyMessage(t('parents.access.copied'));
    } catch {
      setCopyMessage(t('parents.access.copyFailed'));
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: t('parents.access.shareTitle'), text: t('parents.access.shareText', { code: shown }) });
    } catch (failure) {
      // Closing the share sheet is not an error.
      if ((failure as Error).name !== 'AbortError') setCopyMessage(t('parents.access.shareFailed'));
    }
  };

  return (
    <div className="parents">
      <h1>{t('parents.access.title')}</h1>
      <p>{t('parents.access.intro')}</p>
      <section className="parents__card" aria-labelledby="parent-code-title">
        <h2 id="parent-code-title">{t('parents.access.linkTitle')}</h2>
        <p>{t('parents.access.linkHint', { hours: LINK_CODE_TTL_HOURS })}</p>
        <button type="button" className="button" onClick={() => void create()} disabled={busy}>
          {code ? t('parents.access.newCode') : t('parents.access.createCode')}
        </button>
        <div role="status" className="parents__code-status">
          {code && (
            <div ref={codeRef} tabIndex={-1} className="parents__code-box">
              <p>
                <Trans t={t} i18nKey="parents.access.yourCode" values={{ code: shown }} components={{ strong: <strong className="parents__code" /> }} />
                <br />
                {t('parents.access.expires', { date: format.date(code.expiresAt), time: format.time(code.expiresAt) })}
              </p>
            </div>
          )}
        </div>
        {code && (
          <div className="parents__code-actions">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              {t('parents.access.copy')}
            </button>
            {canShare && (
              <button type="button" className="button button--secondary" onClick={() => void share()}>
                {t('parents.access.share')}
              </button>
            )}
          </div>
        )}
        <p aria-live="polite" className="parents__code-status">
          {copyMessage}
        </p>
      </section>
      <section className="parents__card" aria-labelledby="linked-parents-title">
        <h2 id="linked-parents-title">{t('parents.access.linkedTitle')}</h2>
        {links.status === 'loading' && <LoadingView label={t('parents.access.loadingLinked')} />}
        {links.status === 'error' && <ErrorPanel message={links.message} onRetry={links.reload} />}
        {links.status === 'ready' && links.data.parents.length === 0 && <p>{t('parents.access.noParent')}</p>}
        {links.status === 'ready' && links.data.parents.length > 0 && (
          <ul className="parents__children">
            {links.data.parents.map((parent) => (
              <li key={parent.id} className="parents__child">
                <div className="parents__child-text">
                  <h3 className="parents__child-name">{parent.name}</h3>
                  <p>
                    {t('parents.access.linkedOn', { email: parent.email, date: format.date(parent.linkedAt) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="parents__remove"
                  onClick={() => {
                    setRemoveError(null);
                    setUnlinking(parent);
                  }}
                >
                  <Trans t={t} i18nKey="parents.removeLink" values={{ name: parent.name }} components={{ hidden: <span className="visually-hidden" /> }} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {unlinking && (
        <UnlinkDialog
          name={unlinking.name || t('parents.access.yourParent')}
          side="child"
          busy={removing}
          error={removeError}
          onConfirm={() => void remove(unlinking)}
          onClose={() => setUnlinking(null)}
        />
      )}
    </div>
  );
}
