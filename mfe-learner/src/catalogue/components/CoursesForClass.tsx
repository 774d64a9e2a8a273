import { queryKeys, toLoadable, useApi, useQuery, useTranslation } from '@academy/platform';
import { Link } from '@academy/routing';
import { CourseGrid, CourseGridSkeleton } from '@academy/ui';
import { useTaxonomyLabels } from '../../common/taxonomy';
import { fetchCoursePage } from '../data/catalogueApi';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';

/** Courses shown for a class before "Show all". */
export const CLASS_COURSE_COUNT = 4;

/**
 * Courses for the learner's class (the most popular first), with a link to the whole list filtered to it; without a
 * class, the most popular courses. `headingLevel` fits the page around it.
 */
export function CoursesForClass({ schoolClass, title }: { schoolClass: number | null; title?: string }) {
  const { t } = useTranslation('learner');
  const labels = useTaxonomyLabels();
  const api = useApi();
  const filters: Record<string, string> = schoolClass ? { class: String(schoolClass), sort: 'popular' } : { sort: 'popular' };
  const coursesQuery = useQuery({
    queryKey: queryKeys.catalogue.list('', CLASS_COURSE_COUNT, filters),
    queryFn: async () => (await fetchCoursePage(api, { limit: CLASS_COURSE_COUNT, filters })).courses,
  });
  const courses = toLoadable(coursesQuery);
  const className = schoolClass ? labels.classRange(schoolClass, schoolClass) : '';
  const heading = title ?? (schoolClass ? t('catalogue.forClass.heading', { className }) : t('catalogue.forClass.popular'));
  const listPath = schoolClass ? `${COURSE_LIST_PATH}?class=${schoolClass}` : COURSE_LIST_PATH;
  return (
    <section className="home-section courses-for-class" aria-labelledby="courses-for-class-title">
      <h2 id="courses-for-class-title">{heading}</h2>
      {courses.status === 'loading' && <CourseGridSkeleton count={CLASS_COURSE_COUNT} />}
      {courses.status === 'error' && <p role="alert">{t('catalogue.coursesNotLoaded')}</p>}
      {courses.status === 'ready' && courses.data.length > 0 && <CourseGrid courses={courses.data} label={heading} />}
      {courses.status === 'ready' && courses.data.length === 0 && <p>{t('catalogue.forClass.none')}</p>}
      <Link className="button button--secondary courses-for-class__all" to={listPath}>
        {schoolClass ? t('catalogue.forClass.all', { className }) : t('catalogue.showAllCourses')}
      </Link>
    </section>
  );
}
