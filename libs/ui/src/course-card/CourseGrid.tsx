import type { CourseSummary } from '@academy/contracts';
import { useDeferredValue } from 'react';
import { CourseCard, type CourseCardProps } from './CourseCard';
import { CourseGridSkeleton } from './CourseGridSkeleton';
import './course-card.css';

export interface CourseGridProps {
  courses: readonly CourseSummary[];
  /** Accessible name of the list, e.g. "Courses". */
  label?: string;
  headingLevel?: CourseCardProps['headingLevel'];
}

/** The widest layout's first row: these cards can be on screen when the page opens. */
export const CARDS_ABOVE_THE_FOLD = 4;

/**
 * Responsive grid of course cards: 1, 2, 3 or 4 columns by screen width (docs/product.md, "Course card"). A list, so screen
 * readers announce how many courses there are.
 */
export function CourseGrid({ courses, label, headingLevel }: CourseGridProps) {
  // The cards render in a transition, which React slices and yields between: a page of twelve arriving at once
  // (a query's answer renders synchronously) was one long task on a phone. The placeholders stay until then.
  // On the server (the first screen the edge renders) there is one render: the cards themselves.
  const shownCourses = useDeferredValue<readonly CourseSummary[] | null>(courses, typeof window === 'undefined' ? courses : null);
  if (shownCourses === null) return <CourseGridSkeleton count={courses.length} />;
  return (
    <ul className="course-grid" aria-label={label}>
      {shownCourses.map((course, index) => (
        <li key={course._id} className="course-grid__item">
          <CourseCard
            course={course}
            headingLevel={headingLevel}
            aboveTheFold={index === 0 ? 'first' : index < CARDS_ABOVE_THE_FOLD ? 'yes' : 'no'}
          />
        </li>
      ))}
    </ul>
  );
}
