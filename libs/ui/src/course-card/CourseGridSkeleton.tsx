import { useTranslation } from '@academy/platform';
import './course-card.css';

export interface CourseGridSkeletonProps {
  /** How many cards are coming (the page's page size). */
  count: number;
  /** Announced to screen readers while the cards load. */
  label?: string;
}

/**
 * Placeholder cards with the real cards' layout (16:9 thumbnail, title, educator, rating, price), so the grid keeps
 * its size when the courses arrive and nothing below it moves.
 */
export function CourseGridSkeleton({ count, label }: CourseGridSkeletonProps) {
  const { t } = useTranslation('ui');
  return (
    <div role="status" aria-live="polite" className="course-grid-skeleton">
      <span className="visually-hidden">{label ?? t('courseCard.loadingCourses')}</span>
      <ul className="course-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="course-grid__item">
            <div className="course-card course-card--skeleton">
              <div className="course-card__thumbnail" />
              <div className="course-card__body">
                <p className="course-card__tags course-card__line">&nbsp;</p>
                <p className="course-card__title course-card__line">&nbsp;</p>
                <p className="course-card__provider course-card__line">&nbsp;</p>
                <p className="course-card__rating course-card__line">&nbsp;</p>
                <p className="course-card__price course-card__line">&nbsp;</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
