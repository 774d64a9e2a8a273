// Text of the Terms & Conditions and Privacy Policy pages. The words are in locales/ (policies.*).
import type { TFunction } from 'i18next';

export interface PolicySection {
  title: string;
  content: string;
}

export interface PolicyDocument {
  title: string;
  summary: string;
  sections: readonly PolicySection[];
}

export const termsAndConditions = (t: TFunction<'info'>): PolicyDocument => ({
  title: t('policies.terms.title'),
  summary: t('policies.terms.summary'),
  sections: [
    { title: t('policies.terms.sections.whoMayUse.title'), content: t('policies.terms.sections.whoMayUse.content') },
    { title: t('policies.terms.sections.account.title'), content: t('policies.terms.sections.account.content') },
    { title: t('policies.terms.sections.buying.title'), content: t('policies.terms.sections.buying.content') },
    { title: t('policies.terms.sections.refunds.title'), content: t('policies.terms.sections.refunds.content') },
    { title: t('policies.terms.sections.access.title'), content: t('policies.terms.sections.access.content') },
    { title: t('policies.terms.sections.changing.title'), content: t('policies.terms.sections.changing.content') },
    { title: t('policies.terms.sections.assessments.title'), content: t('policies.terms.sections.assessments.content') },
    { title: t('policies.terms.sections.behaviour.title'), content: t('policies.terms.sections.behaviour.content') },
  ],
});

export const privacyPolicy = (t: TFunction<'info'>): PolicyDocument => ({
  title: t('policies.privacy.title'),
  summary: t('policies.privacy.summary'),
  sections: [
    { title: t('policies.privacy.sections.whatWeCollect.title'), content: t('policies.privacy.sections.whatWeCollect.content') },
    { title: t('policies.privacy.sections.why.title'), content: t('policies.privacy.sections.why.content') },
    { title: t('policies.privacy.sections.payments.title'), content: t('policies.privacy.sections.payments.content') },
    { title: t('policies.privacy.sections.sharing.title'), content: t('policies.privacy.sections.sharing.content') },
    { title: t('policies.privacy.sections.children.title'), content: t('policies.privacy.sections.children.content') },
    { title: t('policies.privacy.sections.retention.title'), content: t('policies.privacy.sections.retention.content') },
    { title: t('policies.privacy.sections.choices.title'), content: t('policies.privacy.sections.choices.content') },
  ],
});
