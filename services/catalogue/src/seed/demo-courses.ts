// Demo catalogue written for this academy (classes 7, 8 and 11). Fixed ids make the seed an upsert.
import { DEFAULT_COURSE_LANGUAGE, type CourseLanguage, type CourseTaxonomy, type QuizDefinition, uploadedVideoUrl } from '@academy/contracts';
import { PROTECTED_FILE_PREFIX } from '@academy/service-core';
import { demoQuizFor } from './demo-quizzes.js';

export const DEMO_EDUCATOR = { id: 'sandbox|educator-meera', name: 'Meera Iyer' } as const;

/** Every demo preview lecture without a YouTube link plays this public clip (put in the bucket by media/seed-demo-media.ts). */
export const DEMO_VIDEO_URL = '/media/lectures/test-pattern.mp4';
/**
 * Paid demo lectures play one uploaded video, transcoded by the seed like any upload (media/seed-demo-video.ts):
 * encrypted HLS whose key only the entitled get. A paid lecture never plays a plain mp4.
 */
export const DEMO_PAID_VIDEO_ID = '40000000-0000-4000-8000-000000000001';
export const PAID_DEMO_VIDEO_URL = uploadedVideoUrl(DEMO_PAID_VIDEO_ID);

type LectureSeed = {
  title: string;
  minutes: number;
  preview?: boolean;
  /** An 11-character video id: the lecture is a YouTube watch link; otherwise the public clip (preview) or the uploaded demo video (paid). */
  youtubeId?: string;
  /** Whether notes and a test PDF exist yet; absent ones read "Coming Soon" in the player. */
  materials?: boolean;
};

type CourseSeed = {
  slug: string;
  title: string;
  colour: string;
  price: number;
  discount: number;
  description: string;
  chapters: Array<{ title: string; lectures: LectureSeed[] }>;
  /** What the course is taught in; English when not said. */
  language?: CourseLanguage;
  /** What the course is for, when its title does not say it in English (read by taxonomyFromTitle otherwise). */
  taxonomy?: CourseTaxonomy;
};

export interface DemoLecture {
  id: string;
  title: string;
  durationMinutes: number;
  url: string;
  isPreviewFree: boolean;
  notesUrl: string | null;
  testUrl: string | null;
  lectureOrder: number;
}

export interface DemoChapter {
  id: string;
  title: string;
  chapterOrder: number;
  lectures: DemoLecture[];
  /** The chapter's quiz (demo-quizzes.ts), null when it has none. */
  quiz: QuizDefinition | null;
}

export interface DemoCourse {
  id: string;
  slug: string;
  title: string;
  colour: string;
  descriptionHtml: string;
  thumbnailUrl: string;
  price: number;
  discount: number;
  educatorId: string;
  educatorName: string;
  isPublished: boolean;
  createdAt: Date;
  chapters: DemoChapter[];
  language: CourseLanguage;
  /** Set when the title does not tell it (a Devanagari title); the seed reads the others from the title. */
  taxonomy: CourseTaxonomy | null;
}

/** Fixed, valid v4-shaped uuids: kind 1 course, 2 chapter, 3 lecture. */
export function demoUuid(kind: 1 | 2 | 3, course: number, chapter = 0, lecture = 0): string {
  const pad = (n: number) => String(n).padStart(4, '0');
  return `${kind}0000000-0000-4000-8000-${pad(course)}${pad(chapter)}${pad(lecture)}`;
}

const courseSeeds: CourseSeed[] = [
  {
    slug: 'class-7-maths-fractions-decimals',
    title: 'Class 7 Maths: Fractions and Decimals',
    colour: '#2563eb',
    price: 499.5,
    discount: 20,
    description:
      '<p>Build a <strong>firm grip on fractions and decimals</strong> through everyday examples: sharing rotis, measuring cloth and splitting a bill.</p><ul><li>Multiply and divide fractions with confidence</li><li>Convert between fractions and decimals</li><li>Solve word problems step by step</li></ul>',
    chapters: [
      { title: 'Working with Fractions', lectures: [
        { title: 'What a fraction really means', minutes: 12, preview: true, materials: true },
        { title: 'Multiplying fractions', minutes: 18, materials: true },
        { title: 'Dividing by a fraction', minutes: 21, youtubeId: 'acadMath701' },
      ] },
      { title: 'Decimals in Daily Life', lectures: [
        { title: 'Place value after the point', minutes: 14, preview: true, youtubeId: 'acadMath702' },
        { title: 'Multiplying decimals', minutes: 16, materials: true },
        { title: 'Money and measurement problems', minutes: 25 },
      ] },
    ],
  },
  {
    slug: 'class-7-science-heat-and-light',
    title: 'Class 7 Science: Heat, Light and Motion',
    colour: '#ea580c',
    price: 699,
    discount: 15,
    description:
      '<p>Why does a steel spoon get hot in tea while a wooden one does not? This course answers such questions with <strong>simple home experiments</strong>.</p><ul><li>Conduction, convection and radiation</li><li>Reflection and mirrors</li><li>Speed, distance and time</li></ul>',
    chapters: [
      { title: 'Heat', lectures: [
        { title: 'Temperature and thermometers', minutes: 15, preview: true, materials: true },
        { title: 'Three ways heat travels', minutes: 20, youtubeId: 'acadSci7001' },
      ] },
      { title: 'Light', lectures: [
        { title: 'Light travels in straight lines', minutes: 11, materials: true },
        { title: 'Plane and spherical mirrors', minutes: 19 },
        { title: 'Splitting white light', minutes: 13, youtubeId: 'acadSci7002' },
      ] },
      { title: 'Motion and Time', lectures: [
        { title: 'Measuring time with a pendulum', minutes: 17, materials: true },
        { title: 'Speed and distance-time graphs', minutes: 22 },
      ] },
    ],
  },
  {
    slug: 'class-7-english-grammar-basics',
    title: 'Class 7 English Grammar Essentials',
    colour: '#16a34a',
    price: 0,
    discount: 0,
    description:
      '<p>A <strong>free</strong> refresher on the grammar every Class 7 learner needs for clear writing.</p><ul><li>Tenses without confusion</li><li>Active and passive voice</li><li>Punctuation that changes meaning</li></ul>',
    chapters: [
      { title: 'Tenses', lectures: [
        { title: 'Simple, continuous and perfect', minutes: 16, preview: true, materials: true },
        { title: 'Choosing the right tense in a story', minutes: 14 },
      ] },
      { title: 'Voice and Punctuation', lectures: [
        { title: 'Active and passive voice', minutes: 13, youtubeId: 'acadEngl701', materials: true },
        { title: 'Commas, apostrophes and quotation marks', minutes: 12 },
        { title: 'Editing a paragraph together', minutes: 18 },
      ] },
    ],
  },
  {
    slug: 'class-7-history-medieval-india',
    // Taught the way many Indian classrooms teach history: Hindi and English mixed.
    language: 'hinglish',
    title: 'Class 7 History: Medieval India',
    colour: '#b45309',
    price: 549,
    discount: 10,
    description:
      '<p>Travel from the age of regional kingdoms to the Mughal empire through <strong>maps, coins and travellers\' accounts</strong>.</p><ul><li>New kings and kingdoms</li><li>The Delhi Sultans</li><li>Architecture as a source of history</li></ul>',
    chapters: [
      { title: 'Kingdoms and Sultans', lectures: [
        { title: 'How historians read old sources', minutes: 14, preview: true },
        { title: 'The Cholas and their temples', minutes: 19, youtubeId: 'acadHist701', materials: true },
        { title: 'The Delhi Sultanate', minutes: 22 },
      ] },
      { title: 'The Mughal Empire', lectures: [
        { title: 'Akbar\'s administration', minutes: 18, materials: true },
        { title: 'Forts, tombs and gardens', minutes: 16 },
      ] },
    ],
  },
  {
    slug: 'class-8-maths-algebra-foundations',
    title: 'Class 8 Maths: Algebra Foundations',
    colour: '#7c3aed',
    price: 799,
    discount: 25,
    description:
      '<p>Move from numbers to letters with ease. We treat algebra as <strong>a language for patterns</strong>, not a set of tricks.</p><ul><li>Linear equations in one variable</li><li>Algebraic identities with pictures</li><li>Factorisation</li></ul>',
    chapters: [
      { title: 'Linear Equations', lectures: [
        { title: 'Balancing both sides', minutes: 15, preview: true, materials: true },
        { title: 'Equations from word problems', minutes: 23, youtubeId: 'acadMath801' },
        { title: 'Equations with fractions', minutes: 19 },
      ] },
      { title: 'Identities and Factorisation', lectures: [
        { title: 'Seeing (a + b)² as an area', minutes: 17, preview: true, youtubeId: 'acadMath802' },
        { title: 'Using identities to multiply fast', minutes: 14, materials: true },
        { title: 'Common factors and grouping', minutes: 21 },
        { title: 'Factorising quadratics', minutes: 26 },
      ] },
      { title: 'Practice and Review', lectures: [
        { title: 'Mixed problem set walkthrough', minutes: 30, materials: true },
        { title: 'Common mistakes to avoid', minutes: 12 },
      ] },
    ],
  },
  {
    slug: 'class-8-science-cells-and-microorganisms',
    title: 'Class 8 Science: Cells and Microorganisms',
    colour: '#0d9488',
    price: 649,
    discount: 30,
    description:
      '<p>Meet the smallest living things, from the bacteria in curd to the cells in an onion peel, with <strong>virtual microscope sessions</strong>.</p><ul><li>Cell structure and function</li><li>Useful and harmful microorganisms</li><li>Food preservation</li></ul>',
    chapters: [
      { title: 'The Cell', lectures: [
        { title: 'Looking at an onion peel', minutes: 13, preview: true, materials: true },
        { title: 'Plant and animal cells compared', minutes: 18 },
      ] },
      { title: 'Microorganisms', lectures: [
        { title: 'Friends: curd, bread and medicines', minutes: 16, youtubeId: 'acadBio8001', materials: true },
        { title: 'Foes: diseases and how they spread', minutes: 20 },
        { title: 'Keeping food safe', minutes: 14 },
      ] },
    ],
  },
  {
    slug: 'class-8-chemistry-metals-nonmetals',
    title: 'Class 8 Chemistry: Metals, Non-metals and Combustion',
    colour: '#dc2626',
    price: 599,
    discount: 0,
    description:
      '<p>Learn why copper wires carry current, why iron rusts and what a candle flame is made of, through <strong>safe demonstrations</strong>.</p><ul><li>Physical and chemical properties</li><li>Combustion and flame zones</li><li>Fuels and their efficiency</li></ul>',
    chapters: [
      { title: 'Metals and Non-metals', lectures: [
        { title: 'Sound, shine and strength', minutes: 12, preview: true },
        { title: 'Reactions with oxygen and water', minutes: 19, materials: true },
        { title: 'Displacement reactions', minutes: 17, youtubeId: 'acadChem801' },
      ] },
      { title: 'Combustion and Flame', lectures: [
        { title: 'What a fire needs', minutes: 14, materials: true },
        { title: 'The three zones of a candle flame', minutes: 11 },
      ] },
    ],
  },
  {
    slug: 'class-8-english-reading-writing',
    title: 'Class 8 English: Reading and Creative Writing',
    colour: '#db2777',
    price: 449,
    discount: 100,
    description:
      '<p>This course is <strong>free this term</strong>. Read short stories and poems closely, then write your own with guided prompts.</p><ul><li>Finding the main idea</li><li>Descriptive and narrative writing</li><li>Letters and notices</li></ul>',
    chapters: [
      { title: 'Close Reading', lectures: [
        { title: 'Reading a story twice', minutes: 15, preview: true, materials: true },
        { title: 'Poems and imagery', minutes: 13, youtubeId: 'acadEngl801' },
      ] },
      { title: 'Writing', lectures: [
        { title: 'Describing a place you love', minutes: 18, materials: true },
        { title: 'Formal and informal letters', minutes: 16 },
        { title: 'Writing a notice', minutes: 10 },
      ] },
    ],
  },
  {
    slug: 'class-8-computer-science-scratch',
    title: 'Class 8 Computer Science: Coding with Scratch',
    colour: '#f59e0b',
    price: 899,
    discount: 40,
    description:
      '<p>Make games and animations while learning the ideas behind all programming: <strong>sequences, loops, conditions and variables</strong>.</p><ol><li>Moving sprites</li><li>Loops and events</li><li>A complete quiz game</li></ol>',
    chapters: [
      { title: 'Getting Started', lectures: [
        { title: 'Your first sprite', minutes: 10, preview: true, materials: true },
        { title: 'Events and sequences', minutes: 14 },
      ] },
      { title: 'Thinking Like a Programmer', lectures: [
        { title: 'Repeat and forever loops', minutes: 16, youtubeId: 'acadComp801', materials: true },
        { title: 'If, else and sensing', minutes: 18 },
        { title: 'Variables keep score', minutes: 15 },
      ] },
      { title: 'Project: Quiz Game', lectures: [
        { title: 'Planning the game', minutes: 12, materials: true },
        { title: 'Building and testing', minutes: 28 },
      ] },
    ],
  },
  {
    slug: 'class-8-geography-resources',
    title: 'Class 8 Geography: Resources and Agriculture',
    colour: '#65a30d',
    price: 399,
    discount: 5,
    description:
      '<p>Understand land, water and soil as <strong>shared resources</strong>, and how farming changes from Punjab to Kerala.</p><ul><li>Renewable and non-renewable resources</li><li>Soil types and conservation</li><li>Major crops of India</li></ul>',
    chapters: [
      { title: 'Resources', lectures: [
        { title: 'What makes something a resource', minutes: 11, preview: true },
        { title: 'Land, soil and water', minutes: 17, materials: true },
      ] },
      { title: 'Agriculture', lectures: [
        { title: 'Kharif and rabi crops', minutes: 15, youtubeId: 'acadGeog801' },
        { title: 'Farming across India', minutes: 19, materials: true },
      ] },
    ],
  },
  {
    slug: 'class-11-physics-mechanics',
    title: 'Class 11 Physics: Mechanics from First Principles',
    colour: '#1d4ed8',
    price: 1499,
    discount: 35,
    description:
      '<p>A rigorous path through <strong>kinematics, Newton\'s laws and work-energy</strong>, with the problem-solving habits needed for board exams and entrance tests.</p><ul><li>Vectors and motion in a plane</li><li>Free-body diagrams</li><li>Conservation of energy and momentum</li></ul>',
    chapters: [
      { title: 'Kinematics', lectures: [
        { title: 'Vectors without fear', minutes: 24, preview: true, materials: true },
        { title: 'Motion in a straight line', minutes: 28, youtubeId: 'acadPhys111' },
        { title: 'Projectile motion', minutes: 32 },
      ] },
      { title: 'Laws of Motion', lectures: [
        { title: 'Drawing free-body diagrams', minutes: 26, preview: true, youtubeId: 'acadPhys112' },
        { title: 'Friction and inclined planes', minutes: 30, materials: true },
        { title: 'Circular motion', minutes: 27 },
      ] },
      { title: 'Work, Energy and Power', lectures: [
        { title: 'Work-energy theorem', minutes: 25, materials: true },
        { title: 'Collisions', minutes: 29 },
      ] },
    ],
  },
  {
    slug: 'class-11-chemistry-atomic-structure',
    title: 'Class 11 Chemistry: Atomic Structure and Bonding',
    colour: '#be123c',
    price: 1299,
    discount: 20,
    description:
      '<p>From Bohr\'s model to molecular orbitals: understand <strong>why atoms bond the way they do</strong>, with clear diagrams and solved examples.</p><ul><li>Quantum numbers and orbitals</li><li>Periodic trends</li><li>Ionic, covalent and hydrogen bonds</li></ul>',
    chapters: [
      { title: 'Structure of the Atom', lectures: [
        { title: 'From Thomson to Bohr', minutes: 22, preview: true, materials: true },
        { title: 'Quantum numbers', minutes: 27 },
        { title: 'Filling orbitals', minutes: 24, youtubeId: 'acadChem111' },
      ] },
      { title: 'Periodic Properties', lectures: [
        { title: 'Atomic radius and ionisation energy', minutes: 21, materials: true },
        { title: 'Electronegativity', minutes: 18 },
      ] },
      { title: 'Chemical Bonding', lectures: [
        { title: 'Lewis structures and VSEPR', minutes: 29, materials: true },
        { title: 'Hybridisation', minutes: 26 },
        { title: 'Hydrogen bonding', minutes: 17 },
      ] },
    ],
  },
  {
    slug: 'class-11-biology-cell-biology',
    title: 'Class 11 Biology: Cell Biology and Biomolecules',
    colour: '#15803d',
    price: 1199,
    discount: 25,
    description:
      '<p>Explore the cell as a busy city: <strong>organelles, membranes and the molecules of life</strong>, prepared for NEET-style questions.</p><ul><li>Cell theory and organelles</li><li>Proteins, carbohydrates, lipids and nucleic acids</li><li>Enzymes</li></ul>',
    chapters: [
      { title: 'The Cell', lectures: [
        { title: 'Cell theory', minutes: 16, preview: true },
        { title: 'Membranes and transport', minutes: 24, materials: true },
        { title: 'Organelles at work', minutes: 27, youtubeId: 'acadBiol111' },
      ] },
      { title: 'Biomolecules', lectures: [
        { title: 'Carbohydrates and lipids', minutes: 22, materials: true },
        { title: 'Proteins and enzymes', minutes: 26 },
      ] },
    ],
  },
  {
    slug: 'class-11-maths-sets-functions',
    title: 'Class 11 Maths: Sets, Relations and Functions',
    colour: '#4338ca',
    price: 999,
    discount: 10,
    description:
      '<p>The language of higher mathematics, explained <strong>carefully and visually</strong>.</p><ul><li>Sets and Venn diagrams</li><li>Relations and functions</li><li>Graphs of common functions</li></ul>',
    chapters: [
      { title: 'Sets', lectures: [
        { title: 'Describing sets', minutes: 14, preview: true, materials: true },
        { title: 'Venn diagrams and operations', minutes: 20 },
      ] },
      { title: 'Relations and Functions', lectures: [
        { title: 'Ordered pairs and relations', minutes: 18, youtubeId: 'acadMath111' },
        { title: 'Domain, codomain and range', minutes: 21, materials: true },
        { title: 'Graphs of functions', minutes: 25 },
      ] },
      { title: 'Trigonometric Functions', lectures: [
        { title: 'Radians and degrees', minutes: 16, materials: true },
        { title: 'The unit circle', minutes: 23, preview: true },
      ] },
    ],
  },
  {
    slug: 'class-11-computer-science-python',
    title: 'Class 11 Computer Science: Python Programming',
    colour: '#0369a1',
    price: 1599,
    discount: 50,
    description:
      '<p>Learn Python the way programmers use it: <strong>small programs, tested often</strong>. Covers the Class 11 syllabus and more.</p><ol><li>Values, variables and input</li><li>Conditions and loops</li><li>Lists, dictionaries and functions</li></ol>',
    chapters: [
      { title: 'Python Basics', lectures: [
        { title: 'Installing Python and the first program', minutes: 12, preview: true, materials: true },
        { title: 'Numbers, strings and input', minutes: 19 },
        { title: 'Making decisions with if', minutes: 17, youtubeId: 'acadComp111' },
      ] },
      { title: 'Loops and Collections', lectures: [
        { title: 'for and while loops', minutes: 22, materials: true },
        { title: 'Lists and tuples', minutes: 24 },
        { title: 'Dictionaries', minutes: 20 },
      ] },
      { title: 'Functions', lectures: [
        { title: 'Defining functions', minutes: 18, materials: true },
        { title: 'Mini project: marks report', minutes: 33 },
      ] },
    ],
  },
  {
    slug: 'class-11-english-literature',
    title: 'Class 11 English: Literature and Comprehension',
    colour: '#9333ea',
    price: 0,
    discount: 0,
    description:
      '<p>A <strong>free</strong> companion to the Class 11 English reader: themes, characters and answer-writing practice.</p><ul><li>Prose and poetry analysis</li><li>Note-making and summaries</li><li>Answering long questions</li></ul>',
    chapters: [
      { title: 'Prose', lectures: [
        { title: 'Reading for theme and tone', minutes: 17, preview: true, materials: true },
        { title: 'Character sketches', minutes: 15, youtubeId: 'acadEngl111' },
      ] },
      { title: 'Writing Skills', lectures: [
        { title: 'Note-making', minutes: 14, materials: true },
        { title: 'Summaries that score', minutes: 16 },
      ] },
    ],
  },
  {
    slug: 'class-11-economics-statistics',
    language: 'hinglish',
    title: 'Class 11 Economics: Statistics for Economics',
    colour: '#0f766e',
    price: 899,
    discount: 15,
    description:
      '<p>Collect, organise and read data like an economist, using <strong>real figures about Indian households</strong>.</p><ul><li>Collection and presentation of data</li><li>Measures of central tendency</li><li>Correlation</li></ul>',
    chapters: [
      { title: 'Working with Data', lectures: [
        { title: 'Surveys and samples', minutes: 16, preview: true },
        { title: 'Tables, bar charts and histograms', minutes: 21, materials: true },
      ] },
      { title: 'Summarising Data', lectures: [
        { title: 'Mean, median and mode', minutes: 23, youtubeId: 'acadEcon111', materials: true },
        { title: 'Correlation without formulas first', minutes: 19 },
      ] },
    ],
  },
];

// Appended last so every other course keeps its number (and so its fixed ids).
courseSeeds.push({
  slug: 'class-8-hindi-vyakaran',
  title: 'कक्षा 8 हिंदी: व्याकरण और रचना',
  colour: '#b45309',
  price: 499,
  discount: 20,
  language: 'hi',
  taxonomy: { classFrom: 8, classTo: 8, subject: 'hindi', board: 'any' },
  description:
    '<p>हिंदी व्याकरण को <strong>रोज़ की भाषा के उदाहरणों</strong> से समझिए और अपनी रचना को सुधारिए।</p><ul><li>संज्ञा, सर्वनाम और विशेषण</li><li>काल और वाच्य</li><li>पत्र और निबंध लेखन</li></ul>',
  chapters: [
    { title: 'शब्द-भेद', lectures: [
      { title: 'संज्ञा और उसके भेद', minutes: 14, preview: true },
      { title: 'सर्वनाम का सही प्रयोग', minutes: 16, youtubeId: 'acadHind801' },
      { title: 'विशेषण से वाक्य सजाइए', minutes: 12 },
    ] },
    { title: 'रचना', lectures: [
      { title: 'औपचारिक पत्र कैसे लिखें', minutes: 18, preview: true },
      { title: 'निबंध की रूपरेखा', minutes: 20 },
    ] },
  ],
});

const firstCreatedAt = Date.UTC(2025, 0, 6, 9, 0, 0);
const dayMs = 24 * 60 * 60 * 1000;

function buildLecture(course: CourseSeed, courseNo: number, chapterNo: number, lectureNo: number, seed: LectureSeed): DemoLecture {
  const fileStem = `${course.slug}-${chapterNo}-${lectureNo}`;
  // Preview lectures and their files are public; everything else sits behind the signed route.
  const isPreviewFree = seed.preview ?? false;
  const fileBase = isPreviewFree ? '/media/' : PROTECTED_FILE_PREFIX;
  return {
    id: demoUuid(3, courseNo, chapterNo, lectureNo),
    title: seed.title,
    durationMinutes: seed.minutes,
    url: seed.youtubeId ? `https://www.youtube.com/watch?v=${seed.youtubeId}` : isPreviewFree ? DEMO_VIDEO_URL : PAID_DEMO_VIDEO_URL,
    isPreviewFree,
    notesUrl: seed.materials ? `${fileBase}notes/${fileStem}-notes.pdf` : null,
    testUrl: seed.materials ? `${fileBase}notes/${fileStem}-test.pdf` : null,
    lectureOrder: lectureNo,
  };
}

export const demoCourses: DemoCourse[] = courseSeeds.map((course, index) => {
  const courseNo = index + 1;
  return {
    id: demoUuid(1, courseNo),
    slug: course.slug,
    title: course.title,
    colour: course.colour,
    descriptionHtml: course.description,
    thumbnailUrl: `/media/thumbnails/${course.slug}.svg`,
    price: course.price,
    discount: course.discount,
    educatorId: DEMO_EDUCATOR.id,
    educatorName: DEMO_EDUCATOR.name,
    isPublished: true,
    createdAt: new Date(firstCreatedAt + index * dayMs),
    language: course.language ?? DEFAULT_COURSE_LANGUAGE,
    taxonomy: course.taxonomy ?? null,
    chapters: course.chapters.map((chapter, chapterIndex) => ({
      id: demoUuid(2, courseNo, chapterIndex + 1),
      title: chapter.title,
      chapterOrder: chapterIndex + 1,
      lectures: chapter.lectures.map((lecture, lectureIndex) =>
        buildLecture(course, courseNo, chapterIndex + 1, lectureIndex + 1, lecture),
      ),
      quiz: demoQuizFor(course.slug, courseNo, chapterIndex + 1),
    })),
  };
});
