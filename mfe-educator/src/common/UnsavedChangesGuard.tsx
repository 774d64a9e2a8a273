import { ConfirmDialog } from '@academy/ui';
import { useNavigate } from '@academy/routing';
import { useEffect, useState } from 'react';
import { useTranslation } from '@academy/platform';

/** A click that would take the page elsewhere inside the portal: a plain left click on a same-origin link. */
function inPortalLinkOf(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null; // another site: beforeunload asks
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null; // same page (an anchor within it)
  return url;
}

/**
 * Asks before leaving a page with unsaved changes: the browser's own question on reload, close and other sites
 * (beforeunload), and this dialog on a link inside the portal. The portal's router is a declarative one (no data
 * router, so no useBlocker), so links are caught in the capture phase, before the router sees them. The browser's
 * Back button is not caught: pages that use this also keep their edits in session storage, so nothing is lost.
 */
export function UnsavedChangesGuard({ when, what, onLeave }: { when: boolean; /** What would be lost, in the reader's language. */ what?: string; onLeave?: () => void }) {
  const { t } = useTranslation('educator');
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<URL | null>(null);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older browsers ask only when this is set
    };
    const onClick = (event: MouseEvent) => {
      const url = inPortalLinkOf(event);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(url);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [when]);

  if (!leavingTo) return null;
  return (
    <ConfirmDialog
      title={t('common.unsaved.title')}
      confirmLabel={t('common.unsaved.leave')}
      cancelLabel={t('common.unsaved.stay')}
      destructive
      onCancel={() => setLeavingTo(null)}
      onConfirm={() => {
        const target = leavingTo;
        setLeavingTo(null);
        onLeave?.();
        navigate(`${target.pathname}${target.search}${target.hash}`);
      }}
    >
      <p>{t('common.unsaved.text', { what: what ?? t('common.unsaved.yourChanges') })}</p>
    </ConfirmDialog>
  );
}
