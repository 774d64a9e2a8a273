// Text of the Contact page's side panel.
export interface ContactDesk {
  title: string;
  description: string;
  phone: string;
  email: string;
}

export const contactIntro =
  'Questions about a course, a payment or our sports programme? Send us a message and the right person will answer.';

export const contactDesks: readonly ContactDesk[] = [
  {
    title: 'Academics',
    description: 'Courses, batches, study material and certificates.',
    phone: '+91 98000 11111',
    email: 'academics@academy.example',
  },
  {
    title: 'Sports',
    description: 'Water sports, athletics, football and tours.',
    phone: '+91 98000 22222',
    email: 'sports@academy.example',
  },
];

export const supportNote = 'Our support team replies to every message within 24 hours.';
