// Text of the Contact page's side panel. The words are in locales/ (contact.*).
import type { TFunction } from 'i18next';

export interface ContactDesk {
  /** Stable in every language: names the desk's heading id. */
  id: string;
  title: string;
  description: string;
  phone: string;
  email: string;
}

export const contactDesks = (t: TFunction<'info'>): readonly ContactDesk[] => [
  {
    id: 'academics',
    title: t('contact.desks.academics.title'),
    description: t('contact.desks.academics.description'),
    phone: '+91 98000 11111',
    email: 'academics@academy.example',
  },
  {
    id: 'sports',
    title: t('contact.desks.sports.title'),
    description: t('contact.desks.sports.description'),
    phone: '+91 98000 22222',
    email: 'sports@academy.example',
  },
];
