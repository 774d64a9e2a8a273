import { HIGHEST_CLASS, LOWEST_CLASS, type Board, type CourseTaxonomy, type Subject } from '@academy/contracts';

/** Title words naming a subject, the first match winning (the migration that added the taxonomy reads the same). */
const SUBJECT_WORDS: ReadonlyArray<[RegExp, Subject]> = [
  [/\b(computer science|coding|programming|python)/i, 'computer-science'],
  [/\b(maths?|mathematics|algebra|geometry)\b/i, 'mathematics'],
  [/\bphysics\b/i, 'physics'],
  [/\bchemistry\b/i, 'chemistry'],
  [/\bbiology\b/i, 'biology'],
  [/\bscience\b/i, 'science'],
  [/\benglish\b/i, 'english'],
  [/\bhindi\b/i, 'hindi'],
  [/\b(social science|history|geography|civics|political science)\b/i, 'social-science'],
  [/\beconomics\b/i, 'economics'],
  [/\b(accountancy|accounting)\b/i, 'accountancy'],
  [/\bbusiness studies\b/i, 'business-studies'],
];

/**
 * What a course is for, read from a title such as "Class 8 Maths: Algebra Foundations" or "Class 11-12 Physics":
 * the demo courses are seeded with it. No class named: every class; no subject word: "other"; board from "CBSE"
 * or "ICSE" in the title, otherwise any.
 */
export function taxonomyFromTitle(title: string): CourseTaxonomy {
  const classes = /\bclass(?:es)?\s+(7|8|9|10|11|12)\b(?:\s*[-–]\s*(7|8|9|10|11|12)\b)?/i.exec(title);
  let classFrom = classes ? Number(classes[1]) : LOWEST_CLASS;
  let classTo = classes ? Number(classes[2] ?? classes[1]) : HIGHEST_CLASS;
  if (classTo < classFrom) [classFrom, classTo] = [LOWEST_CLASS, HIGHEST_CLASS];
  const subject = SUBJECT_WORDS.find(([words]) => words.test(title))?.[1] ?? 'other';
  const board: Board = /\bCBSE\b/i.test(title) ? 'cbse' : /\bICSE\b/i.test(title) ? 'icse' : 'any';
  return { classFrom, classTo, subject, board };
}
