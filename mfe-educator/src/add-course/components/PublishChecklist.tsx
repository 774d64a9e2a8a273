import type { CourseChecklistField, CourseChecklistItem } from '@academy/contracts';
import { translateMessage, useTranslation } from '@academy/platform';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { courseFieldAnchor } from './CourseForm';

/** Each item's field as the form labels it, and where the link goes (uploaded videos live in the chapters). */
const fields = (t: TFunction<'educator'>): Record<CourseChecklistField, { label: string; anchor: string }> => ({
  courseTitle: { label: t('addCourse.form.courseTitle'), anchor: 'courseTitle' },
  courseDescription: { label: t('addCourse.form.courseDescription'), anchor: 'courseDescription' },
  courseThumbnail: { label: t('addCourse.thumbnail.label'), anchor: 'courseThumbnail' },
  coursePrice: { label: t('addCourse.form.coursePrice'), anchor: 'coursePrice' },
  discount: { label: t('addCourse.form.discount'), anchor: 'discount' },
  audience: { label: t('addCourse.form.audience'), anchor: 'audience' },
  courseContent: { label: t('addCourse.chapters.heading'), anchor: 'courseContent' },
  videos: { label: t('addCourse.checklist.videos'), anchor: 'courseContent' },
});

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
  const { t } = useTranslation('educator');
  const FIELDS = fields(t);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="publish-checklist" aria-labelledby="publish-checklist-heading">
      <h2 id="publish-checklist-heading" ref={headingRef} tabIndex={-1}>
        {t('addCourse.checklist.heading')}
      </h2>
      <p>{t('addCourse.checklist.intro')}</p>
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
              : {translateMessage(item.message)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
