import { learnerPaths } from '@academy/contracts';
import { Link } from '@academy/routing';
import { useTranslation } from '@academy/platform';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <main className="shell-main not-found">
      <h1>{t('routing.notFound.title')}</h1>
      <p>{t('routing.notFound.message')}</p>
      <Link className="button" to={learnerPaths.home}>
        {t('routing.notFound.home')}
      </Link>
    </main>
  );
}
