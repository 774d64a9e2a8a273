import '../i18n';
import { infoPaths } from '@academy/contracts';
import { useState } from 'react';
import { Link } from '@academy/routing';
import { Tabs } from '../common/Tabs.js';
import { FaqAccordion } from '../faq/FaqAccordion.js';
import { FaqAudience, faqAudiences, faqItems } from '../faq/faqItems.js';
import './FaqTeaser.css';

/** The teaser shows the first few questions of a tab; the FAQ page shows them all. */
export const FAQ_TEASER_ITEMS = 4;

/** The first few questions for students or parents; embedded by the contact page and exposed to other apps. */
export default function FaqTeaser() {
  const [audience, setAudience] = useState<FaqAudience>('students');
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const selectAudience = (next: FaqAudience) => {
    setAudience(next);
    setOpenIndex(null);
  };

  return (
    <section className="faq-teaser" aria-labelledby="faq-teaser-heading">
      <h2 id="faq-teaser-heading" className="faq-teaser__heading">
        Frequently Asked Questions
      </h2>
      <Tabs label="Questions from" tabs={faqAudiences} selectedKey={audience} onSelect={selectAudience}>
        <FaqAccordion
          items={faqItems[audience].slice(0, FAQ_TEASER_ITEMS)}
          openIndex={openIndex}
          onOpenChange={setOpenIndex}
        />
      </Tabs>
      <Link to={infoPaths.faq} className="faq-teaser__show-all">
        Show All
      </Link>
    </section>
  );
}
