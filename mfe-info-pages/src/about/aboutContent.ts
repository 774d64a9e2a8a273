// Text of the About page: who runs the academy and who teaches there. The words are in locales/ (about.*).
import type { TFunction } from 'i18next';
import { portraitAt } from '../common/people.js';

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: string;
}

export interface TeamGroup {
  /** Stable in every language: names the group's heading id. */
  id: string;
  title: string;
  members: readonly TeamMember[];
}

export const aboutIntro = (t: TFunction<'info'>) => [t('about.intro.beginning'), t('about.intro.whatWeTeach')];

export const teamGroups = (t: TFunction<'info'>): readonly TeamGroup[] => [
  {
    id: 'founders',
    title: t('about.groups.founders'),
    members: [
      { name: 'Rohan Deshmukh', role: t('about.members.rohan.role'), bio: t('about.members.rohan.bio'), image: portraitAt(0) },
      { name: 'Kavya Menon', role: t('about.members.kavya.role'), bio: t('about.members.kavya.bio'), image: portraitAt(1) },
    ],
  },
  {
    id: 'co-founder',
    title: t('about.groups.coFounder'),
    members: [
      { name: 'Imran Qureshi', role: t('about.members.imran.role'), bio: t('about.members.imran.bio'), image: portraitAt(2) },
    ],
  },
  {
    id: 'water-sports-coaches',
    title: t('about.groups.waterSportsCoaches'),
    members: [
      { name: 'Tenzin Norbu', role: t('about.members.tenzin.role'), bio: t('about.members.tenzin.bio'), image: portraitAt(3) },
      { name: 'Ananya Rao', role: t('about.members.ananya.role'), bio: t('about.members.ananya.bio'), image: portraitAt(4) },
    ],
  },
  {
    id: 'mentors',
    title: t('about.groups.mentors'),
    members: [
      { name: 'Dr. Sunil Bhatia', role: t('about.members.sunil.role'), bio: t('about.members.sunil.bio'), image: portraitAt(5) },
      { name: 'Farah Siddiqui', role: t('about.members.farah.role'), bio: t('about.members.farah.bio'), image: portraitAt(6) },
    ],
  },
];

export const aboutQuotation = (t: TFunction<'info'>) => ({
  text: t('about.quotation.text'),
  author: t('about.quotation.author'),
});
