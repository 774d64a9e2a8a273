import { useTranslation } from '@academy/platform';
import { PolicyPage } from './PolicyPage.js';
import { privacyPolicy } from './policyContent.js';

export default function PrivacyPage() {
  const { t } = useTranslation('info');
  return <PolicyPage document={privacyPolicy(t)} />;
}
