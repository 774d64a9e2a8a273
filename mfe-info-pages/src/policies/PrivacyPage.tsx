import { PolicyPage } from './PolicyPage.js';
import { privacyPolicy } from './policyContent.js';

export default function PrivacyPage() {
  return <PolicyPage document={privacyPolicy} />;
}
