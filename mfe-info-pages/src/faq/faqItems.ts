// Frequently asked questions, grouped by who asks them. The answers state the academy's published policies; the
// words are in locales/ (faq.*).
import type { TFunction } from 'i18next';

export type FaqAudience = 'students' | 'parents';

export interface FaqItem {
  question: string;
  answer: string;
}

/** The audiences in tab order, named as the teaser's tabs ("Students"). */
export const faqAudiences = (t: TFunction<'info'>): readonly { key: FaqAudience; label: string }[] => [
  { key: 'students', label: t('faq.audiences.students') },
  { key: 'parents', label: t('faq.audiences.parents') },
];

/** Every question with its answer, in the language of `t`. */
export const faqItemsIn = (t: TFunction<'info'>): Record<FaqAudience, readonly FaqItem[]> => ({
  students: [
    { question: t('faq.students.lifetimeAccess.question'), answer: t('faq.students.lifetimeAccess.answer') },
    { question: t('faq.students.downloads.question'), answer: t('faq.students.downloads.answer') },
    { question: t('faq.students.marking.question'), answer: t('faq.students.marking.answer') },
    { question: t('faq.students.certificate.question'), answer: t('faq.students.certificate.answer') },
    { question: t('faq.students.switching.question'), answer: t('faq.students.switching.answer') },
    { question: t('faq.students.password.question'), answer: t('faq.students.password.answer') },
    { question: t('faq.students.progress.question'), answer: t('faq.students.progress.answer') },
  ],
  parents: [
    { question: t('faq.parents.refund.question'), answer: t('faq.parents.refund.answer') },
    { question: t('faq.parents.payment.question'), answer: t('faq.parents.payment.answer') },
    { question: t('faq.parents.youngChildren.question'), answer: t('faq.parents.youngChildren.answer') },
    { question: t('faq.parents.followProgress.question'), answer: t('faq.parents.followProgress.answer') },
    { question: t('faq.parents.buyForChild.question'), answer: t('faq.parents.buyForChild.answer') },
    { question: t('faq.parents.emailUpdates.question'), answer: t('faq.parents.emailUpdates.answer') },
    { question: t('faq.parents.questions.question'), answer: t('faq.parents.questions.answer') },
    { question: t('faq.parents.certificate.question'), answer: t('faq.parents.certificate.answer') },
  ],
});
