import { useState } from 'react';
import { Tabs } from '../common/Tabs.js';
import { FaqAudience, faqAudiences, faqItems } from './faqItems.js';
import '../common/InfoPage.css';
import './FaqPage.css';

const pageAudiences = faqAudiences.map((audience) => ({ ...audience, label: `For ${audience.label}` }));

/** Every question for the chosen audience, each answer shown as a card. */
export default function FaqPage() {
  const [audience, setAudience] = useState<FaqAudience>('students');
  return (
    <div className="info-page faq-page">
      <header className="info-page__header">
        <h1>Frequently Asked Questions</h1>
        <p>Answers to what students and parents ask us most. Still unsure? Write to us from the Contact page.</p>
      </header>
      <Tabs label="Questions for" tabs={pageAudiences} selectedKey={audience} onSelect={setAudience} className="faq-page__tabs">
        <ul className="card-grid faq-page__cards">
          {faqItems[audience].map((item) => (
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
