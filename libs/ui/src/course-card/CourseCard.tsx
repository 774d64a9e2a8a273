import { learnerPaths, pagePath, priceAfterDiscount, type CourseSummary, type Subject } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { Link } from '@academy/routing';
import type { TFunction } from 'i18next';
import { CourseLanguageBadge } from '../course-language/CourseLanguageBadge';
import { Stars } from '../stars/Stars';
import './course-card.css';

export interface CourseCardProps {
  course: CourseSummary;
  /** Heading level of the title inside the surrounding page (default h3, under a section's h2). */
  headingLevel?: 2 | 3 | 4;
  /**
   * The card is on screen when the page opens: its thumbnail (often the page's largest paint) loads at once
   * instead of lazily, at high priority for the very first card.
   */
  aboveTheFold?: 'first' | 'yes' | 'no';
}

/** "Class 8", "Class 11–12", "Classes 7–12", in the language of `t`. */
export function classRangeLabel(t: TFunction<'ui'>, classFrom: number, classTo: number): string {
  if (classFrom === classTo) return t('courseCard.classSingle', { grade: classFrom });
  return classTo - classFrom > 1 ? t('courseCard.classRange', { from: classFrom, to: classTo }) : t('courseCard.classPair', { from: classFrom, to: classTo });
}

/** A subject's name in the language of `t` (the slug itself for one this list does not know). */
export function subjectName(t: TFunction<'ui'>, subject: string): string {
  const names: Record<Subject, string> = {
    mathematics: t('courseCard.subjects.mathematics'),
    physics: t('courseCard.subjects.physics'),
    chemistry: t('courseCard.subjects.chemistry'),
    biology: t('courseCard.subjects.biology'),
    science: t('courseCard.subjects.science'),
    english: t('courseCard.subjects.english'),
    hindi: t('courseCard.subjects.hindi'),
    'social-science': t('courseCard.subjects.social-science'),
    'computer-science': t('courseCard.subjects.computer-science'),
    economics: t('courseCard.subjects.economics'),
    accountancy: t('courseCard.subjects.accountancy'),
    'business-studies': t('courseCard.subjects.business-studies'),
    other: t('courseCard.subjects.other'),
  };
  return names[subject as Subject] ?? subject;
}

/**
 * A course in a grid: thumbnail, class and subject, title (the link to /course/:id, stretched over the whole card),
 * provider, average rating with 5 stars, rating count and the price after discount.
 */
export function CourseCard({ course, headingLevel = 3, aboveTheFold = 'no' }: CourseCardProps) {
  const { t } = useTranslation('ui');
  const format = useFormat();
  const Heading = `h${headingLevel}` as const;
  const price = priceAfterDiscount(course.coursePrice, course.discount);
  return (
    <article className="course-card">
      <img
        className="course-card__thumbnail"
        src={course.courseThumbnail}
        alt=""
        loading={aboveTheFold === 'no' ? 'lazy' : 'eager'}
        fetchPriority={aboveTheFold === 'first' ? 'high' : undefined}
      />
      <div className="course-card__body">
        <p className="course-card__tags">
          {classRangeLabel(t, course.classFrom, course.classTo)} · {subjectName(t, course.subject)}
        </p>
        <CourseLanguageBadge className="course-card__language" language={course.language} />
        <Heading className="course-card__title">
          <Link className="course-card__link" to={pagePath(learnerPaths.course, { id: course._id })}>
            {course.courseTitle}
          </Link>
        </Heading>
        <p className="course-card__provider">{course.educator.name}</p>
        <p className="course-card__rating">
          <span className="course-card__average" aria-hidden="true">
            {course.averageRating}
          </span>
          <Stars rating={course.averageRating} />
          <span className="course-card__rating-count" aria-hidden="true">
            ({format.count(course.ratingCount)})
          </span>
          <span className="visually-hidden">{t('courseCard.ratings', { count: course.ratingCount, formatted: format.count(course.ratingCount) })}</span>
        </p>
        <p className="course-card__price">
          <span className="visually-hidden">{t('courseCard.price')}</span>
          {format.price(price)}
        </p>
      </div>
    </article>
  );
}
