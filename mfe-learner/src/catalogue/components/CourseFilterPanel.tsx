import { BOARDS, COURSE_LANGUAGES, MIN_RATING_FILTER, PRICE_FILTERS, SCHOOL_CLASSES, SUBJECTS, type CourseFacetCounts } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { useCourseLanguageNames } from '@academy/ui';
import { useId } from 'react';
import { useTaxonomyLabels } from '../../common/taxonomy';
import type { CourseListFilterName, CourseListFilters } from '../data/courseListFilters';

interface CourseFilterPanelProps {
  filters: CourseListFilters;
  facets: CourseFacetCounts | null;
  onChange(name: CourseListFilterName, value: string | undefined): void;
}

interface Option {
  value: string;
  label: string;
}

/** The filter groups of the course list, each value with how many courses it gives (the server's counts). */
export function CourseFilterPanel({ filters, facets, onChange }: CourseFilterPanelProps) {
  const { t } = useTranslation('learner');
  const labels = useTaxonomyLabels();
  const languageNames = useCourseLanguageNames();
  return (
    <div className="course-filters">
      <FilterGroup
        legend={t('catalogue.filters.class')}
        name="class"
        anyLabel={t('catalogue.filters.anyClass')}
        value={filters.class}
        options={SCHOOL_CLASSES.map((schoolClass) => ({ value: String(schoolClass), label: labels.classRange(schoolClass, schoolClass) }))}
        counts={facets?.class}
        onChange={onChange}
      />
      <FilterGroup
        legend={t('catalogue.filters.subject')}
        name="subject"
        anyLabel={t('catalogue.filters.anySubject')}
        value={filters.subject}
        options={SUBJECTS.map((subject) => ({ value: subject.slug, label: labels.subject(subject.slug) }))}
        counts={facets?.subject}
        onChange={onChange}
      />
      <FilterGroup
        legend={t('catalogue.filters.board')}
        name="board"
        anyLabel={t('catalogue.filters.everyBoard')}
        value={filters.board}
        options={BOARDS.filter((board) => board.slug !== 'any').map((board) => ({ value: board.slug, label: labels.board(board.slug) }))}
        counts={facets?.board}
        onChange={onChange}
      />
      <FilterGroup
        legend={t('catalogue.filters.price')}
        name="price"
        anyLabel={t('catalogue.filters.freeAndPaid')}
        value={filters.price}
        options={PRICE_FILTERS.map((price) => ({ value: price.slug, label: labels.price(price.slug) }))}
        counts={facets?.price}
        onChange={onChange}
      />
      <FilterGroup
        legend={t('catalogue.filters.language')}
        name="language"
        anyLabel={t('catalogue.filters.anyLanguage')}
        value={filters.language}
        options={COURSE_LANGUAGES.map((language) => ({ value: language, label: languageNames[language] }))}
        counts={facets?.language}
        onChange={onChange}
      />
      <fieldset className="course-filters__group">
        <legend>{t('catalogue.filters.rating')}</legend>
        <label className="course-filters__option">
          <input
            type="checkbox"
            checked={filters.rating === String(MIN_RATING_FILTER)}
            onChange={(event) => onChange('rating', event.target.checked ? String(MIN_RATING_FILTER) : undefined)}
          />
          <span>{t('catalogue.filters.starsAndAbove', { stars: MIN_RATING_FILTER })}</span>
          <Count value={facets?.rating[String(MIN_RATING_FILTER)]} />
        </label>
      </fieldset>
    </div>
  );
}

function FilterGroup({
  legend,
  name,
  anyLabel,
  value,
  options,
  counts,
  onChange,
}: {
  legend: string;
  name: CourseListFilterName;
  anyLabel: string;
  value: string | undefined;
  options: Option[];
  counts: Record<string, number> | undefined;
  onChange(name: CourseListFilterName, value: string | undefined): void;
}) {
  // Radio names must be unique per panel: the phone's sheet and the wide sidebar are never both shown, but ids are.
  const group = useId();
  return (
    <fieldset className="course-filters__group">
      <legend>{legend}</legend>
      <label className="course-filters__option">
        <input type="radio" name={`${group}-${name}`} checked={!value} onChange={() => onChange(name, undefined)} />
        <span>{anyLabel}</span>
      </label>
      {options.map((option) => (
        <label key={option.value} className="course-filters__option">
          <input type="radio" name={`${group}-${name}`} value={option.value} checked={value === option.value} onChange={() => onChange(name, option.value)} />
          <span>{option.label}</span>
          <Count value={counts?.[option.value]} />
        </label>
      ))}
    </fieldset>
  );
}

function Count({ value }: { value: number | undefined }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  if (value === undefined) return null;
  return (
    <span className="course-filters__count">
      <span className="visually-hidden">, </span>({format.count(value)}
      <span className="visually-hidden"> {t('catalogue.filters.courseWord', { count: value })}</span>)
    </span>
  );
}
