import { boardLabel, subjectLabel, type Board, type CourseSort, type PriceFilter, type Subject } from '@academy/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@academy/platform';

/** What a course is for (class, subject, board) and the list's sorts and price filters, named in the language shown. */
export interface TaxonomyLabels {
  subject(slug: string): string;
  board(slug: string): string;
  /** "Class 8", "Class 11–12", "Classes 7–12" (the contracts' formatClassRange). */
  classRange(classFrom: number, classTo: number): string;
  sort(slug: string): string;
  price(slug: string): string;
}

export function useTaxonomyLabels(): TaxonomyLabels {
  const { t } = useTranslation('learner');
  return useMemo(() => {
    // Typed by the contracts' slugs: a subject or board added there fails to compile here until it is named.
    const subjects: Record<Subject, string> = {
      mathematics: t('common.subjects.mathematics'),
      physics: t('common.subjects.physics'),
      chemistry: t('common.subjects.chemistry'),
      biology: t('common.subjects.biology'),
      science: t('common.subjects.science'),
      english: t('common.subjects.english'),
      hindi: t('common.subjects.hindi'),
      'social-science': t('common.subjects.socialScience'),
      'computer-science': t('common.subjects.computerScience'),
      economics: t('common.subjects.economics'),
      accountancy: t('common.subjects.accountancy'),
      'business-studies': t('common.subjects.businessStudies'),
      other: t('common.subjects.other'),
    };
    const boards: Record<Board, string> = {
      cbse: t('common.boards.cbse'),
      icse: t('common.boards.icse'),
      state: t('common.boards.state'),
      any: t('common.boards.any'),
    };
    const sorts: Record<CourseSort, string> = {
      popular: t('common.sorts.popular'),
      rating: t('common.sorts.rating'),
      newest: t('common.sorts.newest'),
      'price-asc': t('common.sorts.priceAsc'),
      'price-desc': t('common.sorts.priceDesc'),
    };
    const prices: Record<PriceFilter, string> = { free: t('common.prices.free'), paid: t('common.prices.paid') };
    return {
      // An unknown slug (a newer server) reads as the contracts name it.
      subject: (slug) => subjects[slug as Subject] ?? subjectLabel(slug),
      board: (slug) => boards[slug as Board] ?? boardLabel(slug),
      classRange: (classFrom, classTo) =>
        classFrom === classTo
          ? t('common.classes.one', { schoolClass: classFrom })
          : classTo - classFrom > 1
            ? t('common.classes.range', { classFrom, classTo })
            : t('common.classes.pair', { classFrom, classTo }),
      sort: (slug) => sorts[slug as CourseSort] ?? slug,
      price: (slug) => prices[slug as PriceFilter] ?? slug,
    };
  }, [t]);
}
