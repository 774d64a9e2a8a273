import { formatClassRange, formatPrice, learnerPaths, pagePath, pluralize, priceAfterDiscount, subjectLabel, type CourseSummary } from '@academy/contracts';
import { Link } from '@academy/routing';
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

/**
 * A course in a grid: thumbnail, class and subject, title (the link to /course/:id, stretched over the whole card),
 * provider, average rating with 5 stars, rating count and the price after discount.
 */
export function CourseCard({ course, headingLevel = 3, aboveTheFold = 'no' }: CourseCardProps) {
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
          {formatClassRange(course.classFrom, course.classTo)} · {subjectLabel(course.subject)}
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
            ({course.ratingCount})
          </span>
          <span className="visually-hidden">{pluralize(course.ratingCount, 'rating')}</span>
        </p>
        <p className="course-card__price">
          <span className="visually-hidden">Price: </span>
          {formatPrice(price)}
        </p>
      </div>
    </article>
  );
}
