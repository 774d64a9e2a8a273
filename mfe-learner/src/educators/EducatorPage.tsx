import { coursesByEducatorRoute, educatorProfilesPublishedRoute } from '@academy/contracts';
import { callApi, queryKeys, translateMessage, useApi, useFormat } from '@academy/platform';
import { useTranslation } from 'react-i18next';
import { useParams } from '@academy/routing';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
import { useQuery } from '@tanstack/react-query';
import './EducatorPage.css';

/**
 * /educators/:educatorId: who teaches (name, picture, bio, qualifications, from progress) and their published
 * courses (from catalogue). An educator who has not written a profile still has a page with their courses.
 */
export function EducatorPage() {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const { educatorId = '' } = useParams();
  const api = useApi();
  const profile = useQuery({
    queryKey: queryKeys.catalogue.educatorProfile(educatorId),
    queryFn: async () => (await callApi(api, educatorProfilesPublishedRoute, { params: { educatorId } })).profile,
  });
  const courses = useQuery({
    queryKey: queryKeys.catalogue.educatorCourses(educatorId),
    queryFn: async () => (await callApi(api, coursesByEducatorRoute, { params: { educatorId } })).courses,
  });

  if (profile.isError || courses.isError) {
    return (
      <section className="educator-page">
        <ErrorPanel
          title={t('educators.loadFailed')}
          message={translateMessage((profile.error ?? courses.error)?.message ?? '')}
          onRetry={() => void Promise.all([profile.refetch(), courses.refetch()])}
        />
      </section>
    );
  }
  const loaded = profile.data !== undefined && courses.data !== undefined;
  if (loaded && profile.data === null && courses.data!.length === 0) {
    return (
      <section className="educator-page">
        <h1>{t('educators.notFound')}</h1>
        <p>{t('educators.notFoundText')}</p>
      </section>
    );
  }
  const name = profile.data?.displayName ?? courses.data?.[0]?.educator.name ?? '';
  return (
    <section className="educator-page" aria-busy={!loaded}>
      <header className="educator-page__header">
        {profile.data?.photoUrl ? <img className="educator-page__photo" src={profile.data.photoUrl} alt="" width={96} height={96} /> : null}
        <div>
          <h1 className="educator-page__name">{name || t('educators.educator')}</h1>
          {courses.data && (
            <p className="educator-page__count">{t('educators.publishedCourses', { count: courses.data.length, formatted: format.count(courses.data.length) })}</p>
          )}
        </div>
      </header>
      {profile.data?.qualifications && (
        <section aria-labelledby="educator-qualifications">
          <h2 id="educator-qualifications">{t('educators.qualifications')}</h2>
          <p className="educator-page__text">{profile.data.qualifications}</p>
        </section>
      )}
      {profile.data?.bio && (
        <section aria-labelledby="educator-about">
          <h2 id="educator-about">{t('educators.about')}</h2>
          <p className="educator-page__text">{profile.data.bio}</p>
        </section>
      )}
      <section aria-labelledby="educator-courses">
        <h2 id="educator-courses">{name ? t('educators.coursesBy', { name }) : t('educators.coursesByThisEducator')}</h2>
        {courses.data === undefined ? (
          <CourseGridSkeleton count={4} />
        ) : (
          <CourseGrid courses={courses.data} label={t('educators.coursesBy', { name })} headingLevel={3} />
        )}
      </section>
    </section>
  );
}
