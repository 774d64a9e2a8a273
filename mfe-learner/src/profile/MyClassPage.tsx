import { learnerPaths } from '@academy/contracts';
import { useCurrentUser, useTranslation } from '@academy/platform';
import { useNavigate } from '@academy/routing';
import { LoadingView } from '@academy/ui';
import { LoginRequired } from '../enrollments';
import { ClassForm } from './ClassForm';

/** /my-class: the learner changes their class and board (the account menu's "My class"). */
export function MyClassPage() {
  const { t } = useTranslation('learner');
  const { isLoading, isAuthenticated, login } = useCurrentUser();
  const navigate = useNavigate();
  if (isLoading) return <LoadingView label={t('profile.loading')} />;
  if (!isAuthenticated) return <LoginRequired text={t('profile.logInToSet')} onLogin={() => void login()} />;
  return <ClassForm onDone={() => navigate(learnerPaths.home)} />;
}
