// Testimonials, success stories and toppers shown on the home page and the Testimonials page. The words are in
// locales/ (testimonials.*); the people's names are the same in every language.
import type { TFunction } from 'i18next';
import { portraitAt } from '../common/people.js';
import storyImage from '../assets/story-study.svg';

export interface Testimonial {
  name: string;
  /** Class label, e.g. "Class 8". */
  role: string;
  image: string;
  /** Whole stars from 1 to 5. */
  rating: 1 | 2 | 3 | 4 | 5;
  feedback: string;
}

export interface SuccessStory {
  name: string;
  headline: string;
  image: string;
  paragraphs: readonly string[];
}

export interface Topper {
  name: string;
  /** Marks or rank, as the student would say it. */
  result: string;
  image: string;
}

export const testimonials = (t: TFunction<'info'>): readonly Testimonial[] => [
  {
    name: 'Ishaan Verma',
    role: t('testimonials.classLabel', { grade: 8 }),
    image: portraitAt(0),
    rating: 5,
    feedback: t('testimonials.feedback.ishaan'),
  },
  {
    name: 'Meher Kapoor',
    role: t('testimonials.classLabel', { grade: 11 }),
    image: portraitAt(1),
    rating: 5,
    feedback: t('testimonials.feedback.meher'),
  },
  {
    name: 'Arjun Pillai',
    role: t('testimonials.classLabel', { grade: 7 }),
    image: portraitAt(2),
    rating: 4,
    feedback: t('testimonials.feedback.arjun'),
  },
  {
    name: 'Sana Sheikh',
    role: t('testimonials.classLabel', { grade: 11 }),
    image: portraitAt(3),
    rating: 5,
    feedback: t('testimonials.feedback.sana'),
  },
];

/** How many testimonials the home page section shows. */
export const testimonialsSectionSize = 3;

export const successStories = (t: TFunction<'info'>): readonly SuccessStory[] => [
  {
    name: 'Nikhil Joshi',
    headline: t('testimonials.stories.nikhil.headline'),
    image: storyImage,
    paragraphs: [t('testimonials.stories.nikhil.start'), t('testimonials.stories.nikhil.result')],
  },
  {
    name: 'Priya Raghavan',
    headline: t('testimonials.stories.priya.headline'),
    image: portraitAt(4),
    paragraphs: [t('testimonials.stories.priya.start'), t('testimonials.stories.priya.result')],
  },
];

export const toppers = (t: TFunction<'info'>): readonly Topper[] => {
  const percentInClass = (percent: number, grade: number) => t('testimonials.results.percentInClass', { percent, grade });
  const marksIn = (marks: number, subject: string) => t('testimonials.results.marksInSubject', { marks, subject });
  return [
    { name: 'Aditi Sharma', result: percentInClass(98.6, 12), image: portraitAt(5) },
    { name: 'Kabir Malhotra', result: t('testimonials.results.stateRank', { rank: 4 }), image: portraitAt(6) },
    { name: 'Riya Banerjee', result: percentInClass(97.8, 10), image: portraitAt(7) },
    { name: 'Vivaan Gupta', result: marksIn(99, t('testimonials.results.subjects.mathematics')), image: portraitAt(0) },
    { name: 'Zara Khan', result: t('testimonials.results.districtRank', { rank: 1 }), image: portraitAt(1) },
    { name: 'Aryan Nair', result: percentInClass(96.4, 12), image: portraitAt(2) },
    { name: 'Tara Iyer', result: marksIn(100, t('testimonials.results.subjects.science')), image: portraitAt(3) },
    { name: 'Dhruv Saxena', result: percentInClass(97.2, 10), image: portraitAt(4) },
    { name: 'Anika Reddy', result: t('testimonials.results.olympiadRank', { rank: 12 }), image: portraitAt(5) },
    { name: 'Yash Chauhan', result: percentInClass(95.9, 12), image: portraitAt(6) },
    { name: 'Mira Thomas', result: percentInClass(98.1, 10), image: portraitAt(7) },
  ];
};
