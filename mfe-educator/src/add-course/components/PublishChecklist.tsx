import type { CourseChecklistField, CourseChecklistItem } from '@academy/contracts';
import { useEffect, useRef } from 'react';
import { courseFieldAnchor } from './CourseForm';

/** Each item's field as the form labels it, and where the link goes (uploaded videos live in the chapters). */
const FIELDS: Record<CourseChecklistField, { label: string; anchor: string }> = {
  courseTitle: { label: 'Course Title', anchor: 'courseTitle' },
  courseDescription: { label: 'Course Description', anchor: 'courseDescription' },
  courseThumbnail: { label: 'Course Thumbnail', anchor: 'courseThumbnail' },
  coursePrice: { label: 'Course Price', anchor: 'coursePrice' },
  discount: { label: 'Discount %', anchor: 'discount' },
  audience: { label: 'Who the course is for', anchor: 'audience' },
  courseContent: { label: 'Chapters', anchor: 'courseContent' },
  videos: { label: 'Lecture videos', anchor: 'courseContent' },
};

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"], button';

/** Moves to a field: scrolls it into view and focuses its first control. */
function goToField(anchor: string) {
  const wrapper = document.getElementById(courseFieldAnchor(anchor));
  if (!wrapper) return;
  wrapper.scrollIntoView({ block: 'center' });
  wrapper.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}

/** What the course still needs before it is published, each item linking to its field; focus moves here when shown. */
export function PublishChecklist({ items }: { items: CourseChecklistItem[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="publish-checklist" aria-labelledby="publish-checklist-heading">
      <h2 id="publish-checklist-heading" ref={headingRef} tabIndex={-1}>
        Before you publish
      </h2>
      <p>Your draft is saved. It can be published once these are done:</p>
      <ul>
        {items.map((item) => {
          const field = FIELDS[item.field];
          return (
            <li key={item.field}>
              <a
                href={`#${courseFieldAnchor(field.anchor)}`}
                onClick={(event) => {
                  event.preventDefault();
                  goToField(field.anchor);
                }}
              >
                {field.label}
              </a>
              : {item.message}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
