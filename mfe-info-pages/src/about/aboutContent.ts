// Text of the About page: who runs the academy and who teaches there.
import { portraitAt } from '../common/people.js';

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  image: string;
}

export interface TeamGroup {
  title: string;
  members: readonly TeamMember[];
}

export const aboutIntro = [
  'The Academy began in a single rented room with one whiteboard and a promise: every student deserves a teacher who ' +
    'has time for their questions. Today our classes run online and on campus, but the promise is the same.',
  'We teach school students from class 7 to class 12 across every core subject, and we believe strong minds grow ' +
    'best in strong bodies, which is why the pool, the track and the stage are as much a part of our week as the lab.',
];

export const teamGroups: readonly TeamGroup[] = [
  {
    title: 'Founders',
    members: [
      {
        name: 'Rohan Deshmukh',
        role: 'Founder, Mathematics',
        bio: 'Taught mathematics for fifteen years before deciding that small batches and patient explanations should not be a luxury.',
        image: portraitAt(0),
      },
      {
        name: 'Kavya Menon',
        role: 'Founder, Sciences',
        bio: 'A physics graduate who still builds a new experiment for every chapter she teaches, and insists students build one too.',
        image: portraitAt(1),
      },
    ],
  },
  {
    title: 'Co-founder',
    members: [
      {
        name: 'Imran Qureshi',
        role: 'Co-founder, Operations and Technology',
        bio: 'Built the portal our students learn on, and makes sure every recorded lecture is ready when the bell rings.',
        image: portraitAt(2),
      },
    ],
  },
  {
    title: 'Water-sports coaches',
    members: [
      {
        name: 'Tenzin Norbu',
        role: 'Kayaking and Rowing Coach',
        bio: 'A state-level rower who teaches balance, rhythm and teamwork, first on the dock and then on the water.',
        image: portraitAt(3),
      },
      {
        name: 'Ananya Rao',
        role: 'Swimming and Lifesaving Coach',
        bio: 'Certified lifeguard and swimming coach; her first lesson is always about staying calm, the second about breathing.',
        image: portraitAt(4),
      },
    ],
  },
  {
    title: 'Mentors',
    members: [
      {
        name: 'Dr. Sunil Bhatia',
        role: 'Academic Mentor',
        bio: 'Guides senior students through board preparation and helps them choose a path after school with a clear head.',
        image: portraitAt(5),
      },
      {
        name: 'Farah Siddiqui',
        role: 'Student Wellbeing Mentor',
        bio: 'Runs weekly study-skills circles and is the person students talk to when exams feel heavier than they should.',
        image: portraitAt(6),
      },
    ],
  },
];

export const aboutQuotation = {
  text: 'A good lesson ends with an answer. A great one ends with a better question.',
  author: 'Kavya Menon, Founder',
};
