import { boardLabel, subjectLabel, type Board, type QuizQuestionKind, type Subject } from '@academy/contracts';
import { translateMessage, useFormat, useTranslation } from '@academy/platform';
import { useMemo } from 'react';
import { COURSE_FORM_MESSAGES } from './data/courseFormSchema';

/** `<problem> (₹X after the N% discount)`: the contract's price rule names the discount after its sentence. */
const AFTER_DISCOUNT = /^(.+) \((\S+) after the (\d+(?:\.\d+)?)% discount\)$/;

/**
 * The course's words in the language shown now: taxonomy labels (the contract's lists are English), class ranges,
 * durations, counts, and the messages of the form's rules (this form's own and the contract's, which are English).
 */
export function useCourseText() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  return useMemo(() => {
    const subjects: Record<Subject, string> = {
      mathematics: t('addCourse.subjects.mathematics'),
      physics: t('addCourse.subjects.physics'),
      chemistry: t('addCourse.subjects.chemistry'),
      biology: t('addCourse.subjects.biology'),
      science: t('addCourse.subjects.science'),
      english: t('addCourse.subjects.english'),
      hindi: t('addCourse.subjects.hindi'),
      'social-science': t('addCourse.subjects.socialScience'),
      'computer-science': t('addCourse.subjects.computerScience'),
      economics: t('addCourse.subjects.economics'),
      accountancy: t('addCourse.subjects.accountancy'),
      'business-studies': t('addCourse.subjects.businessStudies'),
      other: t('addCourse.subjects.other'),
    };
    const boards: Record<Board, string> = {
      cbse: t('addCourse.boards.cbse'),
      icse: t('addCourse.boards.icse'),
      state: t('addCourse.boards.state'),
      any: t('addCourse.boards.any'),
    };
    const quizKinds: Record<QuizQuestionKind, string> = {
      single: t('addCourse.quiz.kinds.single'),
      multiple: t('addCourse.quiz.kinds.multiple'),
      numeric: t('addCourse.quiz.kinds.numeric'),
    };
    // This form's own rules (English in the schema, so the contract's tests and the form's read alike).
    const formMessages: Record<string, string> = {
      [COURSE_FORM_MESSAGES.durationRequired]: t('addCourse.validation.durationRequired'),
      [COURSE_FORM_MESSAGES.priceRequired]: t('addCourse.validation.priceRequired'),
      [COURSE_FORM_MESSAGES.discountRequired]: t('addCourse.validation.discountRequired'),
      [COURSE_FORM_MESSAGES.classFromRequired]: t('addCourse.validation.classFromRequired'),
      [COURSE_FORM_MESSAGES.classToRequired]: t('addCourse.validation.classToRequired'),
      [COURSE_FORM_MESSAGES.subjectRequired]: t('addCourse.validation.subjectRequired'),
      [COURSE_FORM_MESSAGES.boardRequired]: t('addCourse.validation.boardRequired'),
    };

    const count = (value: number) => format.count(value);
    return {
      subject: (slug: string) => subjects[slug as Subject] ?? subjectLabel(slug),
      board: (slug: string) => boards[slug as Board] ?? boardLabel(slug),
      quizKind: (kind: QuizQuestionKind) => quizKinds[kind],
      /** "Class 8", "Class 11–12", "Classes 7–12". */
      classRange: (classFrom: number, classTo: number) => {
        if (classFrom === classTo) return t('addCourse.classes.one', { class: classFrom });
        return classTo - classFrom > 1 ? t('addCourse.classes.range', { from: classFrom, to: classTo }) : t('addCourse.classes.pair', { from: classFrom, to: classTo });
      },
      /** Minutes as hours and minutes, as the contract's formatDuration: "45m", "1h", "2h 5m". */
      duration: (totalMinutes: number) => {
        const minutes = Math.max(0, Math.round(totalMinutes));
        const hours = Math.floor(minutes / 60);
        const rest = minutes % 60;
        if (hours === 0) return t('addCourse.duration.minutes', { minutes: rest });
        return rest === 0 ? t('addCourse.duration.hours', { count: hours }) : t('addCourse.duration.hoursMinutes', { count: hours, minutes: rest });
      },
      chapters: (value: number) => t('addCourse.counts.chapters', { count: value, formatted: count(value) }),
      lectures: (value: number) => t('addCourse.counts.lectures', { count: value, formatted: count(value) }),
      questions: (value: number) => t('addCourse.counts.questions', { count: value, formatted: count(value) }),
      /** A rule's message shown under a field: this form's own, or the contract's (translated by its English text). */
      fieldError: (message: string | undefined): string | undefined => {
        if (!message) return message;
        const own = formMessages[message];
        if (own) return own;
        const priced = AFTER_DISCOUNT.exec(message);
        if (priced) return t('addCourse.validation.afterDiscount', { problem: translateMessage(priced[1]!), price: priced[2], discount: priced[3] });
        return translateMessage(message);
      },
    };
  }, [t, format]);
}

export type CourseText = ReturnType<typeof useCourseText>;
