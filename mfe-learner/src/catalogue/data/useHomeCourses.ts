import type { CourseSummary } from '@academy/contracts';
import { type Loadable, queryKeys, toLoadable, useApi, useQuery } from '@academy/platform';
import { fetchCoursePage } from './catalogueApi';

/** The home page shows this many courses before "Show all courses". */
export const HOME_COURSE_COUNT = 4;

/** The first courses of the catalogue for "Study with the finest" (docs/product.md: 4). */
export function useHomeCourses(count = HOME_COURSE_COUNT): Loadable<CourseSummary[]> & { reload(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.catalogue.home(count),
    queryFn: async () => (await fetchCoursePage(api, { limit: count })).courses.slice(0, count),
  });
  return toLoadable(query);
}
