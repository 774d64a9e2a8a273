import { queryKeys, useApi, useQuery } from '@academy/platform';
import { LiveClassesList } from './LiveClassesPanel';
import { fetchMyLiveClasses } from './liveApi';

/**
 * The signed-in learner's home: "Live now" and "Upcoming" classes of every course they are enrolled in, with the
 * countdown and the calendar file (nothing when there are none). Only the list: the live room's player and the
 * gateway's client load when a class is opened.
 */
export function HomeLiveClasses() {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.learner.myLiveClasses(),
    queryFn: () => fetchMyLiveClasses(api),
    refetchInterval: 30_000,
    meta: { errorToast: false },
  });
  return <LiveClassesList classes={query.data?.liveClasses ?? []} headingId="home-live-classes" showCourse />;
}
