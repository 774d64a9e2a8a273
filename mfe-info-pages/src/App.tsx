import './i18n';
import { remotePageRoutes } from '@academy/platform';
import { Routes } from '@academy/routing';
import pagesFile from './pages.json';
import AboutPage from './about/AboutPage.js';
import ContactPage from './contact/ContactPage.js';
import EnrichmentPage from './enrichment/EnrichmentPage.js';
import FaqPage from './faq/FaqPage.js';
import PrivacyPage from './policies/PrivacyPage.js';
import TermsPage from './policies/TermsPage.js';
import SuccessPage from './success/SuccessPage.js';
import TestimonialsPage from './testimonials/TestimonialsPage.js';

/** The information pages, at the paths this remote lists in `pages.json` (its manifest publishes them to the shell). */
export default function App() {
  return (
    <Routes>
      {remotePageRoutes(pagesFile.pages, {
        about: AboutPage,
        contact: ContactPage,
        success: SuccessPage,
        testimonials: TestimonialsPage,
        terms: TermsPage,
        privacy: PrivacyPage,
        enrichment: EnrichmentPage,
        faq: FaqPage,
      })}
    </Routes>
  );
}
