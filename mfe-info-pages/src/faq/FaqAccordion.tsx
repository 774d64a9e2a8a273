import { useId } from 'react';
import type { FaqItem } from './faqItems.js';
import './FaqAccordion.css';

interface FaqAccordionProps {
  items: readonly FaqItem[];
  /** Index of the open item, or null when all are closed. Owned by the parent so a tab switch can close all. */
  openIndex: number | null;
  onOpenChange: (index: number | null) => void;
}

/** WAI-ARIA accordion where at most one answer is open at a time. */
export function FaqAccordion({ items, openIndex, onOpenChange }: FaqAccordionProps) {
  const idPrefix = useId();
  return (
    <div className="faq-accordion">
      {items.map((item, index) => {
        const open = index === openIndex;
        const buttonId = `${idPrefix}-question-${index}`;
        const answerId = `${idPrefix}-answer-${index}`;
        return (
          <div key={item.question} className="faq-accordion__item">
            <h3 className="faq-accordion__heading">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={answerId}
                className="faq-accordion__trigger"
                onClick={() => onOpenChange(open ? null : index)}
              >
                <span>{item.question}</span>
                <span className="faq-accordion__icon" aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={answerId} role="region" aria-labelledby={buttonId} hidden={!open} className="faq-accordion__answer">
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
