import {
  boardSchema,
  courseLanguageSchema,
  courseFieldsBaseSchema,
  courseTaxonomyFields,
  refineCourseFields,
  subjectSchema,
  isYouTubeLink,
  uploadedVideoIdOf,
  newLectureSchema,
  quizInputSchema,
  YOUTUBE_ONLY_MESSAGE,
  type QuizInput,
  type QuizQuestionKind,
} from '@academy/contracts';
import { z } from 'zod';

// The add/edit course forms validate with the contract's schemas (the same rules the server applies). The form
// holds what was typed (strings), so an empty number field must be refused before the contract's coercion would
// read it as 0, and the lecture link is narrowed to YouTube or a video uploaded here (VideoUploadField).

/** This form's own messages (the rest are the contract's); shown through useCourseText().fieldError in either language. */
export const COURSE_FORM_MESSAGES = {
  durationRequired: 'Enter the duration in minutes',
  priceRequired: 'Course Price is required',
  discountRequired: 'Discount is required',
  classFromRequired: 'Choose the class (from)',
  classToRequired: 'Choose the class (to): the same class for a one-class course',
  subjectRequired: 'Choose the subject',
  boardRequired: 'Choose the board (or Any board)',
} as const;

const typedNumber = <T extends z.ZodType<number, unknown>>(emptyMessage: string, rule: T) =>
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .transform((typed): unknown => typed)
    .pipe(rule);

export const lectureFormSchema = newLectureSchema.extend({
  lectureDuration: typedNumber(COURSE_FORM_MESSAGES.durationRequired, newLectureSchema.shape.lectureDuration),
  lectureUrl: newLectureSchema.shape.lectureUrl.refine((link) => isYouTubeLink(link) || uploadedVideoIdOf(link) !== null, YOUTUBE_ONLY_MESSAGE),
});

/** A choice from a list: nothing chosen is refused with `emptyMessage`, the rest by the contract's schema. */
const chosen = <T extends z.ZodType<string, string>>(emptyMessage: string, rule: T) => z.string().min(1, emptyMessage).pipe(rule);

// The price limits (₹0 or ₹1 to ₹5,00,000 after discount) are the contract's rule too, shown under Course Price.
// What the course is for (class range, subject, board) must be chosen here, though the API has defaults.
export const courseFieldsSchema = courseFieldsBaseSchema
  .pick({ courseTitle: true, courseDescription: true })
  .extend({
    coursePrice: typedNumber(COURSE_FORM_MESSAGES.priceRequired, courseFieldsBaseSchema.shape.coursePrice),
    discount: typedNumber(COURSE_FORM_MESSAGES.discountRequired, courseFieldsBaseSchema.shape.discount),
    classFrom: typedNumber(COURSE_FORM_MESSAGES.classFromRequired, courseTaxonomyFields.classFrom),
    classTo: typedNumber(COURSE_FORM_MESSAGES.classToRequired, courseTaxonomyFields.classTo),
    subject: chosen(COURSE_FORM_MESSAGES.subjectRequired, subjectSchema),
    board: chosen(COURSE_FORM_MESSAGES.boardRequired, boardSchema),
    language: courseLanguageSchema,
  })
  .superRefine(refineCourseFields);

// ---- The quiz dialog: what was typed, read as the contract's quiz input and judged by its schema ----

export interface QuizChoiceFields {
  text: string;
  correct: boolean;
}

export interface QuizQuestionFields {
  questionId?: string;
  kind: QuizQuestionKind;
  prompt: string;
  /** Numbers as typed. */
  points: string;
  explanation: string;
  choices: QuizChoiceFields[];
  answer: string;
  tolerance: string;
}

export interface QuizFields {
  quizId?: string;
  title: string;
  passMark: string;
  /** Empty: unlimited. */
  attemptLimit: string;
  questions: QuizQuestionFields[];
}

export const emptyQuestionFields = (kind: QuizQuestionKind = 'single'): QuizQuestionFields => ({
  kind,
  prompt: '',
  points: '1',
  explanation: '',
  choices: kind === 'numeric' ? [] : [{ text: '', correct: false }, { text: '', correct: false }],
  answer: '',
  tolerance: '0',
});

export const emptyQuizFields = (): QuizFields => ({ title: '', passMark: '60', attemptLimit: '', questions: [emptyQuestionFields()] });

/** A typed number: empty stays missing (the contract then names the field), anything else is read as a number. */
const typed = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** The form's values as the contract's quiz input (choices only for choice questions, answer only for numeric). */
export function quizInputFromFields(fields: QuizFields): QuizInput {
  return {
    ...(fields.quizId ? { quizId: fields.quizId } : {}),
    title: fields.title,
    passMark: typed(fields.passMark) as number,
    attemptLimit: fields.attemptLimit.trim() === '' ? null : (typed(fields.attemptLimit) as number),
    questions: fields.questions.map((question) => ({
      ...(question.questionId ? { questionId: question.questionId } : {}),
      kind: question.kind,
      prompt: question.prompt,
      points: typed(question.points) as number,
      explanation: question.explanation,
      choices: question.kind === 'numeric' ? [] : question.choices,
      answer: question.kind === 'numeric' ? typed(question.answer) : null,
      tolerance: question.kind === 'numeric' ? (typed(question.tolerance) ?? 0) : null,
    })),
  };
}

/** The dialog's starting values for a quiz the chapter already has. */
export function quizFieldsFromInput(quiz: QuizInput): QuizFields {
  return {
    quizId: quiz.quizId,
    title: quiz.title,
    passMark: String(quiz.passMark),
    attemptLimit: quiz.attemptLimit === null || quiz.attemptLimit === undefined ? '' : String(quiz.attemptLimit),
    questions: quiz.questions.map((question) => ({
      questionId: question.questionId,
      kind: question.kind,
      prompt: question.prompt,
      points: String(question.points),
      explanation: question.explanation ?? '',
      choices: (question.choices ?? []).map((choice) => ({ text: choice.text, correct: choice.correct ?? false })),
      answer: question.answer === null || question.answer === undefined ? '' : String(question.answer),
      tolerance: question.tolerance === null || question.tolerance === undefined ? '0' : String(question.tolerance),
    })),
  };
}

/** The quiz dialog's schema: the contract's, applied to the typed values read as numbers (same field paths). */
export const quizFormSchema = z.custom<QuizFields>().transform(quizInputFromFields).pipe(quizInputSchema);
