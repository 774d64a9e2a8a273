// react-query for the apps, re-exported by name so the bundler keeps only these parts (as @academy/routing does for
// the router). Shared as a federation singleton, @tanstack/react-query was shipped whole on every first page (the
// host cannot know what a remote will import): about 5 KB compressed of it no app uses. Through the platform, itself
// a singleton, the apps still have one query client and one cache. Apps import react-query from @academy/platform
// only (lint refuses the package elsewhere); add a name here when an app needs more of it.
export { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { QueryKey } from '@tanstack/react-query';
