import { useState } from 'react';
import { useTranslation } from '@academy/platform';
import { Tabs } from '../common/Tabs.js';
import { FaqAudience, faqItemsIn } from './faqItems.js';
import '../common/InfoPage.css';
import './FaqPage.css';

/** Every question for the chosen audience, each answer shown as a card. */
export default function FaqPage() {
  const { t } = useTranslation('info');
  const [audience, setAudience] = useState<FaqAudience>('students');
  const pageAudiences = [
    { key: 'students', label: t('faq.forAudiences.students') },
    { key: 'parents', label: t('faq.forAudiences.parents') },
  ] as const;
  return (
    <div className="info-page faq-page">
      <header className="info-page__header">
        <h1>{t('faq.title')}</h1>
        <p>{t('faq.intro')}</p>
      </header>
      <Tabs label={t('faq.tabsLabel')} tabs={pageAudiences} selectedKey={audience} onSelect={setAudience} className="faq-page__tabs">
        <ul className="card-grid faq-page__cards">
          {faqItemsIn(t)[audience].map((item) => (
            <li key={item.question} className="card">
              <div className="card__body">
                <h2 className="faq-page__question">{item.question}</h2>
                <p>{item.answer}</p>
              </div>
            </li>
          ))}
        </ul>
      </Tabs>
    </div>
  );
}
