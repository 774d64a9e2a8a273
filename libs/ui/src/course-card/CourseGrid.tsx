import type { CourseSummary } from '@academy/contracts';
import { CourseCard, type CourseCardProps } from './CourseCard';
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
  return (
    <ul className="course-grid" aria-label={label}>
      {courses.map((course, index) => (
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
