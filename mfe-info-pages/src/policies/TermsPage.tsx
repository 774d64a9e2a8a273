import { PolicyPage } from './PolicyPage.js';
import { termsAndConditions } from './policyContent.js';

export default function TermsPage() {
  return <PolicyPage document={termsAndConditions} />;
}
