import { Route, Routes } from 'react-router-dom';
import AboutPage from './about/AboutPage.js';
import ContactPage from './contact/ContactPage.js';
import EnrichmentPage from './enrichment/EnrichmentPage.js';
import FaqPage from './faq/FaqPage.js';
import PrivacyPage from './policies/PrivacyPage.js';
import TermsPage from './policies/TermsPage.js';
import SuccessPage from './success/SuccessPage.js';
import TestimonialsPage from './testimonials/TestimonialsPage.js';

/** The information pages, with the absolute paths the shell routes to this remote. */
export default function App() {
  return (
    <Routes>
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/success" element={<SuccessPage />} />
      <Route path="/testimonials" element={<TestimonialsPage />} />
      <Route path="/terms-conditions" element={<TermsPage />} />
      <Route path="/privacy-policy" element={<PrivacyPage />} />
      <Route path="/beyond-the-classroom" element={<EnrichmentPage />} />
      <Route path="/frequently-asked-questions" element={<FaqPage />} />
    </Routes>
  );
}
