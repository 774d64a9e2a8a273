import type { ChildProgress, EmailSettings, ParentLinksAnswer } from '@academy/contracts';
import { type Loadable, queryKeys, toLoadable, useApi, useQuery } from '@academy/platform';
import { fetchChildProgress, fetchEmailSettings, fetchLinks } from './parentsApi';

/** The caller's links, both ways (children as a parent, parents as a child). The page shows failures itself. */
export function useParentLinks(enabled: boolean): Loadable<ParentLinksAnswer> & { reload(): void } {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.parents.links(), enabled, meta: { errorToast: false }, queryFn: () => fetchLinks(api) });
  return toLoadable(query);
}

/** A linked child's read-only progress; a child no longer linked answers 404 (shown by the page). */
export function useChildProgress(childId: string, enabled: boolean): Loadable<ChildProgress> & { reload(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.parents.child(childId),
    enabled,
    // A child studies while the parent looks: each visit of the home or the report asks afresh (the cache shows meanwhile).
    refetchOnMount: 'always',
    meta: { errorToast: false },
    queryFn: () => fetchChildProgress(api, childId),
  });
  return toLoadable(query);
}

export function useEmailSettings(enabled: boolean): Loadable<EmailSettings> & { reload(): void } {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.parents.emailSettings(), enabled, queryFn: () => fetchEmailSettings(api) });
  return toLoadable(query);
}
