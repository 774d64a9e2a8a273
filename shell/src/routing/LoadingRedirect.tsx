import { LoadingView } from '@academy/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from '@academy/routing';
import { useTranslation } from '@academy/platform';

/** /loading/{path} waits this long before navigating. */
export const LOADING_REDIRECT_MS = 5000;

/** `/loading/<path>`: a spinner, then after 5 s the page `/<path>` (used after payment, for example). */
export function LoadingRedirect() {
  const { t } = useTranslation('shell');
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(`/${rest}${search}`, { replace: true }), LOADING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [rest, search, navigate]);
  return (
    <main className="shell-main">
      <LoadingView label={t('routing.loadingRedirect')} />
    </main>
  );
}
