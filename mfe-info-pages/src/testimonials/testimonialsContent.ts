// Testimonials, success stories and toppers shown on the home page and the Testimonials page.
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

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Ishaan Verma',
    role: 'Class 8',
    image: portraitAt(0),
    rating: 5,
    feedback:
      'Fractions used to scare me. My teacher drew every problem as a pizza until it clicked, and now I explain them to my little sister.',
  },
  {
    name: 'Meher Kapoor',
    role: 'Class 11',
    image: portraitAt(1),
    rating: 5,
    feedback:
      'The recorded chemistry lectures let me pause and rewind as often as I needed, and the doubt chat answered me the same evening.',
  },
  {
    name: 'Arjun Pillai',
    role: 'Class 7',
    image: portraitAt(2),
    rating: 4,
    feedback:
      'I joined for science and stayed for kayaking. Wednesdays on the lake are the best part of my week.',
  },
  {
    name: 'Sana Sheikh',
    role: 'Class 11',
    image: portraitAt(3),
    rating: 5,
    feedback:
      'Weekly tests showed me exactly which chapters I was avoiding. My physics score went up by twenty marks in one term.',
  },
];

/** How many testimonials the home page section shows. */
export const testimonialsSectionSize = 3;

export const successStories: readonly SuccessStory[] = [
  {
    name: 'Nikhil Joshi',
    headline: 'From failing algebra to a state mathematics olympiad',
    image: storyImage,
    paragraphs: [
      'Nikhil came to us in class 8 after failing his half-yearly algebra paper. We started again from the number line, ' +
        'one short daily practice set at a time, with his mentor checking in every Friday.',
      'Two years later he qualified for the state mathematics olympiad, and he now helps run our Saturday puzzle club.',
    ],
  },
  {
    name: 'Priya Raghavan',
    headline: 'Balancing the pool and the board exams',
    image: portraitAt(4),
    paragraphs: [
      'Priya trained in the pool five mornings a week while preparing for her class 10 boards. Recorded lectures let ' +
        'her study on her own timetable, and our mentors helped her plan revision around competitions.',
      'She won two district swimming medals and finished her boards with distinction in every subject.',
    ],
  },
];

export const toppers: readonly Topper[] = [
  { name: 'Aditi Sharma', result: '98.6% in Class 12', image: portraitAt(5) },
  { name: 'Kabir Malhotra', result: 'State rank 4', image: portraitAt(6) },
  { name: 'Riya Banerjee', result: '97.8% in Class 10', image: portraitAt(7) },
  { name: 'Vivaan Gupta', result: '99 in Mathematics', image: portraitAt(0) },
  { name: 'Zara Khan', result: 'District rank 1', image: portraitAt(1) },
  { name: 'Aryan Nair', result: '96.4% in Class 12', image: portraitAt(2) },
  { name: 'Tara Iyer', result: '100 in Science', image: portraitAt(3) },
  { name: 'Dhruv Saxena', result: '97.2% in Class 10', image: portraitAt(4) },
  { name: 'Anika Reddy', result: 'Olympiad rank 12', image: portraitAt(5) },
  { name: 'Yash Chauhan', result: '95.9% in Class 12', image: portraitAt(6) },
  { name: 'Mira Thomas', result: '98.1% in Class 10', image: portraitAt(7) },
];
