import { useEffect, useState } from 'react';
import type { CourseSummary } from '@academy/contracts';
import { errorMessage, useApi, useToast } from '@academy/platform';
import { fetchCoursePage } from './catalogueApi';

/** The home page shows this many courses before "Show all courses". */
export const HOME_COURSE_COUNT = 4;

export interface HomeCoursesState {
  status: 'loading' | 'ready' | 'error';
  courses: CourseSummary[];
}

/** The first courses of the catalogue for "Study with the finest" (spec: 4). */
export function useHomeCourses(count = HOME_COURSE_COUNT): HomeCoursesState {
  const api = useApi();
  const toast = useToast();
  const [state, setState] = useState<HomeCoursesState>({ status: 'loading', courses: [] });

  useEffect(() => {
    let isCurrent = true;
    fetchCoursePage(api, { limit: count }).then(
      (page) => {
        if (isCurrent) setState({ status: 'ready', courses: page.courses.slice(0, count) });
      },
      (failure: unknown) => {
        if (!isCurrent) return;
        setState({ status: 'error', courses: [] });
        toast.error(errorMessage(failure));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, toast, count]);

  return state;
}
