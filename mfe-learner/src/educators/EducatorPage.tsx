import { coursesByEducatorRoute, educatorProfilesPublishedRoute } from '@academy/contracts';
import { callApi, queryKeys, toLoadable, useApi, useFormat, useQuery, useTranslation } from '@academy/platform';
import { useParams } from '@academy/routing';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
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
  const profileQuery = useQuery({
    queryKey: queryKeys.catalogue.educatorProfile(educatorId),
    queryFn: async () => (await callApi(api, educatorProfilesPublishedRoute, { params: { educatorId } })).profile,
  });
  const coursesQuery = useQuery({
    queryKey: queryKeys.catalogue.educatorCourses(educatorId),
    queryFn: async () => (await callApi(api, coursesByEducatorRoute, { params: { educatorId } })).courses,
  });

  const profile = toLoadable(profileQuery);
  const courses = toLoadable(coursesQuery);

  const failed = profile.status === 'error' ? profile : courses.status === 'error' ? courses : null;
  if (failed) {
    return (
      <section className="educator-page">
        <ErrorPanel
          title={t('educators.loadFailed')}
          message={failed.message}
          onRetry={() => {
            profile.reload();
            courses.reload();
          }}
        />
      </section>
    );
  }
  // What has arrived so far (the profile is null for an educator who has not written one).
  const profileData = profile.status === 'ready' ? profile.data : undefined;
  const courseList = courses.status === 'ready' ? courses.data : undefined;
  const loaded = profileData !== undefined && courseList !== undefined;
  if (loaded && profileData === null && courseList.length === 0) {
    return (
      <section className="educator-page">
        <h1>{t('educators.notFound')}</h1>
        <p>{t('educators.notFoundText')}</p>
      </section>
    );
  }
  const name = profileData?.displayName ?? courseList?.[0]?.educator.name ?? '';
  return (
    <section className="educator-page" aria-busy={!loaded}>
      <header className="educator-page__header">
        {profileData?.photoUrl ? <img className="educator-page__photo" src={profileData.photoUrl} alt="" width={96} height={96} /> : null}
        <div>
          <h1 className="educator-page__name">{name || t('educators.educator')}</h1>
          {courseList && (
            <p className="educator-page__count">{t('educators.publishedCourses', { count: courseList.length, formatted: format.count(courseList.length) })}</p>
          )}
        </div>
      </header>
      {profileData?.qualifications && (
        <section aria-labelledby="educator-qualifications">
          <h2 id="educator-qualifications">{t('educators.qualifications')}</h2>
          <p className="educator-page__text">{profileData.qualifications}</p>
        </section>
      )}
      {profileData?.bio && (
        <section aria-labelledby="educator-about">
          <h2 id="educator-about">{t('educators.about')}</h2>
          <p className="educator-page__text">{profileData.bio}</p>
        </section>
      )}
      <section aria-labelledby="educator-courses">
        <h2 id="educator-courses">{name ? t('educators.coursesBy', { name }) : t('educators.coursesByThisEducator')}</h2>
        {courseList === undefined ? (
          <CourseGridSkeleton count={4} />
        ) : (
          <CourseGrid courses={courseList} label={t('educators.coursesBy', { name })} headingLevel={3} />
        )}
      </section>
    </section>
  );
}
