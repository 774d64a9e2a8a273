import '../i18n';
import { infoPaths } from '@academy/contracts';
import { useState } from 'react';
import { useTranslation } from '@academy/platform';
import { Link } from '@academy/routing';
import { Tabs } from '../common/Tabs.js';
import { FaqAccordion } from '../faq/FaqAccordion.js';
import { FaqAudience, faqAudiences, faqItemsIn } from '../faq/faqItems.js';
import './FaqTeaser.css';

/** The teaser shows the first few questions of a tab; the FAQ page shows them all. */
export const FAQ_TEASER_ITEMS = 4;

/** The first few questions for students or parents; embedded by the contact page and exposed to other apps. */
export default function FaqTeaser() {
  const { t } = useTranslation('info');
  const [audience, setAudience] = useState<FaqAudience>('students');
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const selectAudience = (next: FaqAudience) => {
    setAudience(next);
    setOpenIndex(null);
  };

  return (
    <section className="faq-teaser" aria-labelledby="faq-teaser-heading">
      <h2 id="faq-teaser-heading" className="faq-teaser__heading">
        {t('sections.faqTeaser.heading')}
      </h2>
      <Tabs label={t('sections.faqTeaser.tabsLabel')} tabs={faqAudiences(t)} selectedKey={audience} onSelect={selectAudience}>
        <FaqAccordion
          items={faqItemsIn(t)[audience].slice(0, FAQ_TEASER_ITEMS)}
          openIndex={openIndex}
          onOpenChange={setOpenIndex}
        />
      </Tabs>
      <Link to={infoPaths.faq} className="faq-teaser__show-all">
        {t('sections.faqTeaser.showAll')}
      </Link>
    </section>
  );
}
