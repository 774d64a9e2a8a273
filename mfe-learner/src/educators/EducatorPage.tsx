import { coursesByEducatorRoute, educatorProfilesPublishedRoute, pluralize } from '@academy/contracts';
import { callApi, queryKeys, useApi } from '@academy/platform';
import { useParams } from '@academy/routing';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
import { useQuery } from '@tanstack/react-query';
import './EducatorPage.css';

/**
 * /educators/:educatorId: who teaches (name, picture, bio, qualifications, from progress) and their published
 * courses (from catalogue). An educator who has not written a profile still has a page with their courses.
 */
export function EducatorPage() {
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
          title="This educator's page could not be loaded"
          message={(profile.error ?? courses.error)?.message ?? ''}
          onRetry={() => void Promise.all([profile.refetch(), courses.refetch()])}
        />
      </section>
    );
  }
  const loaded = profile.data !== undefined && courses.data !== undefined;
  if (loaded && profile.data === null && courses.data!.length === 0) {
    return (
      <section className="educator-page">
        <h1>Educator not found</h1>
        <p>No educator with published courses has this address.</p>
      </section>
    );
  }
  const name = profile.data?.displayName ?? courses.data?.[0]?.educator.name ?? '';
  return (
    <section className="educator-page" aria-busy={!loaded}>
      <header className="educator-page__header">
        {profile.data?.photoUrl ? <img className="educator-page__photo" src={profile.data.photoUrl} alt="" width={96} height={96} /> : null}
        <div>
          <h1 className="educator-page__name">{name || 'Educator'}</h1>
          {courses.data && <p className="educator-page__count">{pluralize(courses.data.length, 'published course')}</p>}
        </div>
      </header>
      {profile.data?.qualifications && (
        <section aria-labelledby="educator-qualifications">
          <h2 id="educator-qualifications">Qualifications</h2>
          <p className="educator-page__text">{profile.data.qualifications}</p>
        </section>
      )}
      {profile.data?.bio && (
        <section aria-labelledby="educator-about">
          <h2 id="educator-about">About</h2>
          <p className="educator-page__text">{profile.data.bio}</p>
        </section>
      )}
      <section aria-labelledby="educator-courses">
        <h2 id="educator-courses">Courses by {name || 'this educator'}</h2>
        {courses.data === undefined ? <CourseGridSkeleton count={4} /> : <CourseGrid courses={courses.data} label={`Courses by ${name}`} headingLevel={3} />}
      </section>
    </section>
  );
}
