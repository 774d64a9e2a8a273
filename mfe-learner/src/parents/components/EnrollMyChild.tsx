import type { CourseDetail } from '@academy/contracts';
import { useCurrentUser } from '@academy/platform';
import { useId, useState } from 'react';
import { Link } from '@academy/routing';
import { useCheckout } from '../../checkout';
import { useParentLinks } from '../data/useParents';
import '../pages/Parents.css';

/**
 * On a course page, for parents: buy the course for a linked child (the same Razorpay checkout; the child is
 * enrolled, the parent pays). With several children a select chooses one; enrolled children are shown as such.
 */
export function EnrollMyChild({ course }: { course: Pick<CourseDetail, '_id' | 'courseTitle'> }) {
  const { isParent } = useCurrentUser();
  const links = useParentLinks(isParent);
  const checkout = useCheckout();
  const id = useId();
  const [chosen, setChosen] = useState('');
  if (!isParent) return null;
  if (links.status !== 'ready') return null;
  const children = links.data.children;
  if (children.length === 0) {
    return (
      <p className="parents__enroll-child">
        <Link to="/parent">Link your child</Link> to enroll them in this course.
      </p>
    );
  }
  const enrolled = (childId: string) => children.find((child) => child.id === childId)?.enrolledCourses.includes(course._id) ?? false;
  const available = children.filter((child) => !enrolled(child.id));
  const selected = children.find((child) => child.id === chosen && !enrolled(child.id)) ?? available[0];
  const working = checkout.phase !== 'idle';

  return (
    <div className="parents__enroll-child">
      {children.length > 1 && available.length > 0 && (
        <>
          <label htmlFor={`${id}-child`}>Child</label>
          <select id={`${id}-child`} value={selected?.id ?? ''} onChange={(event) => setChosen(event.target.value)}>
            {children.map((child) => (
              <option key={child.id} value={child.id} disabled={enrolled(child.id)}>
                {child.name}
                {enrolled(child.id) ? ' (already enrolled)' : ''}
              </option>
            ))}
          </select>
        </>
      )}
      {children.filter((child) => enrolled(child.id)).map((child) => (
        <p key={child.id}>{child.name} is already enrolled.</p>
      ))}
      {selected && (
        <button
          type="button"
          className="course-side-card__enroll parents__enroll-child-button"
          disabled={working}
          aria-busy={working}
          aria-describedby={children.length === 1 ? `${id}-for` : undefined}
          onClick={() => void checkout.start({ _id: course._id, courseTitle: course.courseTitle }, { id: selected.id, name: selected.name })}
        >
          {working ? 'Processing…' : 'Enroll my child'}
        </button>
      )}
      {selected && children.length === 1 && <p id={`${id}-for`}>For {selected.name}; you pay, {selected.name} learns.</p>}
    </div>
  );
}
