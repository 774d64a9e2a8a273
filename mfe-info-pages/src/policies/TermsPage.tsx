import { useTranslation } from '@academy/platform';
import { PolicyPage } from './PolicyPage.js';
import { termsAndConditions } from './policyContent.js';

export default function TermsPage() {
  const { t } = useTranslation('info');
  return <PolicyPage document={termsAndConditions(t)} />;
}
