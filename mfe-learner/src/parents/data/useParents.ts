import { redeemLinkCodeRequestSchema, type ChildProgress, type EmailSettings, type ParentLinksAnswer } from '@academy/contracts';
import { queryKeys, translateMessage, useApi } from '@academy/platform';
import i18next from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchChildProgress, fetchEmailSettings, fetchLinks } from './parentsApi';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string; httpStatus?: number } | { status: 'ready'; data: T };

function toLoadable<T>(query: { data: T | undefined; isError: boolean; error: Error | null }): Loadable<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (query.isError) {
    const message = query.error?.message ? translateMessage(query.error.message) : i18next.t('learner:parents.couldNotLoad');
    return { status: 'error', message, httpStatus: (query.error as { status?: number } | null)?.status };
  }
  return { status: 'loading' };
}

/** The caller's links, both ways (children as a parent, parents as a child). The page shows failures itself. */
export function useParentLinks(enabled: boolean): Loadable<ParentLinksAnswer> & { reload(): void } {
  const api = useApi();
  const query = useQuery({ queryKey: queryKeys.parents.links(), enabled, meta: { errorToast: false }, queryFn: () => fetchLinks(api) });
  return { ...toLoadable(query), reload: () => void query.refetch() };
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
  return { ...toLoadable(query), reload: () => void query.refetch() };
}

export function useEmailSettings(enabled: boolean): Loadable<EmailSettings> {
  const api = useApi();
  return toLoadable(useQuery({ queryKey: queryKeys.parents.emailSettings(), enabled, queryFn: () => fetchEmailSettings(api) }));
}

/** The link-code form: the contract's schema (the code is normalised on submit). */
export const linkCodeFormSchema = redeemLinkCodeRequestSchema;
export type LinkCodeFormInput = z.input<typeof linkCodeFormSchema>;
export type LinkCodeFormOutput = z.output<typeof linkCodeFormSchema>;
