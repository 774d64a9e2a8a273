// One chapter quiz per demo course, written for the course's class and subject. Fixed ids (kind 4 quiz,
// kind 5 question) make the seed an upsert; a quiz an educator has since edited is left alone.
import type { QuizDefinition, QuizQuestion } from '@academy/contracts';

type QuestionSeed = Omit<QuizQuestion, 'questionId'>;

const single = (prompt: string, choices: string[], correct: number, explanation: string | null = null, points = 1): QuestionSeed => ({
  kind: 'single',
  prompt,
  points,
  explanation,
  choices: choices.map((text, index) => ({ text, correct: index === correct })),
  answer: null,
  tolerance: null,
});

const multiple = (prompt: string, choices: string[], correct: number[], explanation: string | null = null, points = 2): QuestionSeed => ({
  kind: 'multiple',
  prompt,
  points,
  explanation,
  choices: choices.map((text, index) => ({ text, correct: correct.includes(index) })),
  answer: null,
  tolerance: null,
});

const numeric = (prompt: string, answer: number, tolerance: number, explanation: string | null = null, points = 2): QuestionSeed => ({
  kind: 'numeric',
  prompt,
  points,
  explanation,
  choices: [],
  answer,
  tolerance,
});

export interface DemoQuizSeed {
  /** Chapter number (from 1) the quiz follows. */
  chapter: number;
  title: string;
  passMark: number;
  attemptLimit: number | null;
  questions: QuestionSeed[];
}

/** By course slug. */
export const demoQuizSeeds: Record<string, DemoQuizSeed> = {
  'class-7-maths-fractions-decimals': {
    chapter: 1, title: 'Fractions check', passMark: 60, attemptLimit: null,
    questions: [
      single('Meena eats 2 of the 8 slices of a pizza. What fraction did she eat?', ['1/4', '2/6', '1/8', '4/8'], 0, '2/8 simplifies to 1/4: divide top and bottom by 2.'),
      multiple('Which fractions are equal to 1/2?', ['2/4', '3/5', '4/8', '5/12'], [0, 2], 'Multiply top and bottom of 1/2 by the same number: 2/4 and 4/8.'),
      numeric('What is 3/4 × 2/3? Give the answer as a decimal.', 0.5, 0.001, '3/4 × 2/3 = 6/12 = 1/2 = 0.5.'),
    ],
  },
  'class-7-science-heat-and-light': {
    chapter: 1, title: 'Heat check', passMark: 60, attemptLimit: 3,
    questions: [
      single('A steel spoon in hot tea gets hot at the handle mainly by…', ['Conduction', 'Convection', 'Radiation', 'Evaporation'], 0, 'Heat passes from particle to particle along a solid: conduction.'),
      multiple('Which of these are good conductors of heat?', ['Copper', 'Wood', 'Aluminium', 'Plastic'], [0, 2], 'Metals conduct heat well; wood and plastic are insulators.'),
      numeric('The normal human body temperature in °C (to the nearest degree)?', 37, 0.5, 'A clinical thermometer reads about 37 °C for a healthy person.'),
    ],
  },
  'class-7-english-grammar-basics': {
    chapter: 1, title: 'Tenses check', passMark: 60, attemptLimit: null,
    questions: [
      single('Choose the present perfect: "She ___ her homework already."', ['has finished', 'finished', 'is finishing', 'will finish'], 0, '"Already" with a finished action that matters now: has + past participle.'),
      multiple('Which sentences are in the past continuous tense?', ['They were playing cricket.', 'He plays cricket.', 'I was reading when you called.', 'We had played cricket.'], [0, 2], 'Past continuous: was/were + verb-ing.'),
      numeric('How many verbs are in: "Ravi ran to the shop and bought milk"?', 2, 0, '"ran" and "bought" are the two verbs.'),
    ],
  },
  'class-7-history-medieval-india': {
    chapter: 1, title: 'Kingdoms and Sultans check', passMark: 60, attemptLimit: null,
    questions: [
      single('The Brihadeshwara temple at Thanjavur was built under which dynasty?', ['Chola', 'Mughal', 'Khalji', 'Rashtrakuta'], 0, 'Rajaraja Chola I built it around 1010 CE.'),
      multiple('Which of these were dynasties of the Delhi Sultanate?', ['Khalji', 'Tughluq', 'Chola', 'Lodi'], [0, 1, 3], 'The Cholas ruled in the south; the others ruled from Delhi.'),
      numeric('In which year was the first battle of Panipat fought?', 1526, 0, 'Babur defeated Ibrahim Lodi in 1526, which began Mughal rule.'),
    ],
  },
  'class-8-maths-algebra-foundations': {
    chapter: 1, title: 'Linear equations check', passMark: 60, attemptLimit: null,
    questions: [
      single('Solve 3x + 5 = 20.', ['x = 5', 'x = 15', 'x = 25/3', 'x = 3'], 0, 'Subtract 5 from both sides (3x = 15), then divide by 3.'),
      multiple('Which of these are linear equations in one variable?', ['2x + 1 = 7', 'x² = 9', '5 − y = 3', 'xy = 4'], [0, 2], 'Linear: the variable appears only to the power 1, one variable.'),
      numeric('Solve for x: x/4 − 1 = 2.', 12, 0, 'Add 1 (x/4 = 3), multiply by 4.'),
    ],
  },
  'class-8-science-cells-and-microorganisms': {
    chapter: 1, title: 'The cell check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which part controls the activities of the cell?', ['Nucleus', 'Cell wall', 'Vacuole', 'Cytoplasm'], 0, 'The nucleus holds the genetic material and directs the cell.'),
      multiple('Which parts are found in plant cells but not in animal cells?', ['Cell wall', 'Chloroplasts', 'Cell membrane', 'Nucleus'], [0, 1], 'Both have a membrane and a nucleus; only plants have a wall and chloroplasts.'),
      numeric('A microscope has a 10× eyepiece and a 40× objective. What is its total magnification?', 400, 0, 'Multiply the two: 10 × 40 = 400.'),
    ],
  },
  'class-8-chemistry-metals-nonmetals': {
    chapter: 1, title: 'Metals and non-metals check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which non-metal is a liquid at room temperature?', ['Bromine', 'Mercury', 'Sulphur', 'Iodine'], 0, 'Mercury is a liquid too, but it is a metal.'),
      multiple('Which properties are typical of metals?', ['Malleable', 'Sonorous', 'Brittle', 'Good conductors of electricity'], [0, 1, 3], 'Brittleness is typical of non-metals such as sulphur.'),
      numeric('Iron nail in copper sulphate: how many of these metals can displace copper: zinc, iron, silver, gold?', 2, 0, 'Only zinc and iron are more reactive than copper.'),
    ],
  },
  'class-8-english-reading-writing': {
    chapter: 2, title: 'Writing check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which closing suits a formal letter to your principal?', ['Yours obediently', 'Love', 'Cheers', 'See you soon'], 0, 'Formal letters to a principal close with "Yours obediently" or "Yours sincerely".'),
      multiple('Which belong in a school notice?', ['The word NOTICE', 'Date', 'A long story', 'Name and designation of the writer'], [0, 1, 3], 'A notice is short: heading, date, the facts and who issued it.'),
      numeric('A school notice should usually be at most how many words (the CBSE limit)?', 50, 0, 'Notices are kept to about 50 words.'),
    ],
  },
  'class-8-computer-science-scratch': {
    chapter: 2, title: 'Programming thinking check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which block repeats the blocks inside it without stopping?', ['forever', 'repeat 10', 'if then', 'wait 1 seconds'], 0, '"forever" never ends; "repeat 10" stops after ten times.'),
      multiple('Which are good uses of a variable in a game?', ['Keeping the score', 'Counting lives left', 'Changing the costume colour once', 'Storing the time left'], [0, 1, 3], 'Variables remember values that change while the game runs.'),
      numeric('score starts at 0; "repeat 5: change score by 2" runs. What is score?', 10, 0, 'Five times 2 added to 0 gives 10.'),
    ],
  },
  'class-8-geography-resources': {
    chapter: 2, title: 'Agriculture check', passMark: 60, attemptLimit: null,
    questions: [
      single('Rice grown in the monsoon season is a…', ['Kharif crop', 'Rabi crop', 'Zaid crop', 'Plantation crop'], 0, 'Kharif crops are sown with the monsoon (June–July).'),
      multiple('Which are rabi crops?', ['Wheat', 'Mustard', 'Rice', 'Gram'], [0, 1, 3], 'Rabi crops are sown in winter and harvested in spring.'),
      numeric('About what percent of India\'s workers depend on agriculture (to the nearest 5)?', 45, 5, 'Roughly 45% of the workforce works in agriculture.'),
    ],
  },
  'class-11-physics-mechanics': {
    chapter: 1, title: 'Kinematics check', passMark: 60, attemptLimit: 3,
    questions: [
      single('A ball is thrown straight up. At the top of its path its acceleration is…', ['g, downwards', 'zero', 'g, upwards', 'undefined'], 0, 'Velocity is zero at the top, but gravity still acts: a = g downwards.'),
      multiple('Which quantities are vectors?', ['Displacement', 'Speed', 'Velocity', 'Acceleration'], [0, 2, 3], 'Speed has magnitude only; the others have direction.'),
      numeric('A car starts from rest with a = 2 m/s². Distance covered in 5 s, in metres?', 25, 0.1, 's = ut + ½at² = 0 + ½ × 2 × 25 = 25 m.'),
    ],
  },
  'class-11-chemistry-atomic-structure': {
    chapter: 1, title: 'Structure of the atom check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which quantum number describes the shape of an orbital?', ['Azimuthal (l)', 'Principal (n)', 'Magnetic (m)', 'Spin (s)'], 0, 'l = 0, 1, 2, 3 gives s, p, d, f shapes.'),
      multiple('Which electronic configurations are correct?', ['Na: 1s² 2s² 2p⁶ 3s¹', 'C: 1s² 2s² 2p²', 'O: 1s² 2s² 2p⁶', 'Cr: [Ar] 3d⁴ 4s²'], [0, 1], 'Oxygen is 2p⁴; chromium is [Ar] 3d⁵ 4s¹ (half-filled d).'),
      numeric('How many electrons can the n = 3 shell hold at most?', 18, 0, 'Maximum electrons in a shell is 2n² = 2 × 9 = 18.'),
    ],
  },
  'class-11-biology-cell-biology': {
    chapter: 1, title: 'The cell check', passMark: 60, attemptLimit: null,
    questions: [
      single('Which organelle is called the powerhouse of the cell?', ['Mitochondrion', 'Ribosome', 'Golgi body', 'Lysosome'], 0, 'Mitochondria make ATP through aerobic respiration.'),
      multiple('Which are features of prokaryotic cells?', ['No membrane-bound nucleus', '70S ribosomes', 'Mitochondria', 'Nucleoid region'], [0, 1, 3], 'Prokaryotes have no membrane-bound organelles such as mitochondria.'),
      numeric('A cell 20 µm across is seen at 400× magnification. How many millimetres wide is its image?', 8, 0.05, '20 µm × 400 = 8000 µm = 8 mm.'),
    ],
  },
  'class-11-maths-sets-functions': {
    chapter: 1, title: 'Sets check', passMark: 60, attemptLimit: null,
    questions: [
      single('If A = {1, 2, 3} and B = {2, 3, 4}, what is A ∩ B?', ['{2, 3}', '{1, 2, 3, 4}', '{1}', '{4}'], 0, 'The intersection keeps the elements in both sets.'),
      multiple('Which of these are subsets of {a, b, c}?', ['{a, c}', '∅', '{d}', '{a, b, c}'], [0, 1, 3], 'The empty set and the set itself are always subsets.'),
      numeric('How many subsets does a set with 4 elements have?', 16, 0, 'A set with n elements has 2ⁿ subsets: 2⁴ = 16.'),
    ],
  },
  'class-11-computer-science-python': {
    chapter: 1, title: 'Python basics check', passMark: 60, attemptLimit: null,
    questions: [
      single('What does print(type(input())) show when you type 42?', ["<class 'str'>", "<class 'int'>", "<class 'float'>", 'An error'], 0, 'input() always returns a string; convert it with int().'),
      multiple('Which are valid Python variable names?', ['marks_total', '2nd_place', '_count', 'class'], [0, 2], 'Names cannot start with a digit or be a keyword such as class.'),
      numeric('What does 17 // 5 + 17 % 5 evaluate to?', 5, 0, '17 // 5 is 3 and 17 % 5 is 2, so 3 + 2 = 5.'),
    ],
  },
  'class-11-english-literature': {
    chapter: 2, title: 'Writing skills check', passMark: 60, attemptLimit: null,
    questions: [
      single('Notes should be written mainly in…', ['Key words and phrases', 'Full sentences', 'Direct speech', 'Rhyming lines'], 0, 'Note-making keeps only the key words, with headings and sub-points.'),
      multiple('Which belong in good notes?', ['A title', 'Abbreviations with a key', 'Every example from the passage', 'Numbered sub-headings'], [0, 1, 3], 'Notes leave out examples and repetition.'),
      numeric('A summary is usually about what fraction of the original? Give it as a decimal.', 0.33, 0.02, 'A summary is roughly one third of the original length.'),
    ],
  },
  'class-11-economics-statistics': {
    chapter: 2, title: 'Summarising data check', passMark: 60, attemptLimit: null,
    questions: [
      single('For monthly incomes with a few very rich households, which average describes a typical household best?', ['Median', 'Mean', 'Mode', 'Range'], 0, 'The median is not pulled up by a few very large values.'),
      multiple('Which are measures of central tendency?', ['Mean', 'Median', 'Mode', 'Standard deviation'], [0, 1, 2], 'Standard deviation measures spread, not the centre.'),
      numeric('Find the mean of 12, 15, 18, 20 and 35.', 20, 0, '(12 + 15 + 18 + 20 + 35) / 5 = 100 / 5 = 20.'),
    ],
  },
};

// A course taught in Hindi has its quiz in Hindi.
demoQuizSeeds['class-8-hindi-vyakaran'] = {
  chapter: 1, title: 'संज्ञा और सर्वनाम की जाँच', passMark: 60, attemptLimit: null,
  questions: [
    single('"राम बाज़ार गया।" इस वाक्य में संज्ञा कौन-सी है?', ['राम', 'गया', 'बाज़ार को', 'इस'], 0, '"राम" एक व्यक्ति का नाम है, इसलिए व्यक्तिवाचक संज्ञा है।'),
    multiple('इनमें से कौन-से शब्द सर्वनाम हैं?', ['वह', 'किताब', 'हम', 'सुंदर'], [0, 2], '"वह" और "हम" संज्ञा के स्थान पर आते हैं; "किताब" संज्ञा और "सुंदर" विशेषण है।'),
    numeric('"सीता और गीता ने गाना गाया।" इस वाक्य में कितनी संज्ञाएँ हैं?', 3, 0, '"सीता", "गीता" और "गाना": तीन संज्ञाएँ।'),
  ],
};

/** Fixed, valid v4-shaped uuids: kind 4 quiz, 5 question. */
function quizUuid(kind: 4 | 5, course: number, chapter: number, question = 0): string {
  const pad = (n: number) => String(n).padStart(4, '0');
  return `${kind}0000000-0000-4000-8000-${pad(course)}${pad(chapter)}${pad(question)}`;
}

/** The stored quiz (version 1) of a demo course's chapter, or null when that chapter has none. */
export function demoQuizFor(slug: string, courseNo: number, chapterNo: number): QuizDefinition | null {
  const seed = demoQuizSeeds[slug];
  if (!seed || seed.chapter !== chapterNo) return null;
  return {
    quizId: quizUuid(4, courseNo, chapterNo),
    version: 1,
    title: seed.title,
    passMark: seed.passMark,
    attemptLimit: seed.attemptLimit,
    questions: seed.questions.map((question, index) => ({ questionId: quizUuid(5, courseNo, chapterNo, index + 1), ...question })),
  };
}
