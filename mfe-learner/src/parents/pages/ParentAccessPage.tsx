import { formatDate, formatLinkCode, LINK_CODE_TTL_HOURS, type LinkCodeAnswer, type LinkedPerson } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useCurrentUser, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoginRequired } from '../../enrollments';
import { createLinkCode, removeLink } from '../data/parentsApi';
import { useParentLinks } from '../data/useParents';
import { UnlinkDialog } from '../components/UnlinkDialog';
import './Parents.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' });

/** /parent-access: a learner creates a one-time code for a parent, sees who is linked and removes a link. */
export function ParentAccessPage() {
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

  if (isLoading) return <LoadingView label="Loading parent access" />;
  if (!isAuthenticated) return <LoginRequired text="Please log in to link a parent" onLogin={() => void login('/parent-access')} />;

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
      toast.success(`${parent.name} can no longer see your progress`);
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
      setCopyMessage('Code copied');
    } catch {
      setCopyMessage('Copying is not possible in this browser: select the code and copy it');
    }
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: 'Academy link code', text: `My Academy link code: ${shown}. Enter it under My Children in your parent account.` });
    } catch (failure) {
      // Closing the share sheet is not an error.
      if ((failure as Error).name !== 'AbortError') setCopyMessage('Sharing did not work: copy the code instead');
    }
  };

  return (
    <div className="parents">
      <h1>Parent access</h1>
      <p>
        A parent you link can see your courses, progress, ratings and certificates (never change them), and can buy courses for you. You can
        remove a link at any time.
      </p>
      <section className="parents__card" aria-labelledby="parent-code-title">
        <h2 id="parent-code-title">Link a parent</h2>
        <p>
          Create a code and give it to your parent: they enter it under My Children in their parent account. The code works once and
          expires after {LINK_CODE_TTL_HOURS} hours; a new code replaces the last one.
        </p>
        <button type="button" className="button" onClick={() => void create()} disabled={busy}>
          {code ? 'Create a new code' : 'Create a link code'}
        </button>
        <div role="status" className="parents__code-status">
          {code && (
            <div ref={codeRef} tabIndex={-1} className="parents__code-box">
              <p>
                Your link code: <strong className="parents__code">{shown}</strong>
                <br />
                It expires on {formatDate(code.expiresAt)} at {timeOf(code.expiresAt)}.
              </p>
            </div>
          )}
        </div>
        {code && (
          <div className="parents__code-actions">
            <button type="button" className="button button--secondary" onClick={() => void copy()}>
              Copy code
            </button>
            {canShare && (
              <button type="button" className="button button--secondary" onClick={() => void share()}>
                Share code
              </button>
            )}
          </div>
        )}
        <p aria-live="polite" className="parents__code-status">
          {copyMessage}
        </p>
      </section>
      <section className="parents__card" aria-labelledby="linked-parents-title">
        <h2 id="linked-parents-title">Linked parents</h2>
        {links.status === 'loading' && <LoadingView label="Loading linked parents" />}
        {links.status === 'error' && <ErrorPanel message={links.message} onRetry={links.reload} />}
        {links.status === 'ready' && links.data.parents.length === 0 && <p>No parent is linked to your account.</p>}
        {links.status === 'ready' && links.data.parents.length > 0 && (
          <ul className="parents__children">
            {links.data.parents.map((parent) => (
              <li key={parent.id} className="parents__child">
                <div className="parents__child-text">
                  <h3 className="parents__child-name">{parent.name}</h3>
                  <p>
                    {parent.email} · linked on {formatDate(parent.linkedAt)}
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
                  Remove link<span className="visually-hidden"> with {parent.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {unlinking && (
        <UnlinkDialog
          name={unlinking.name || 'your parent'}
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
