import { useCurrentUser } from '@academy/platform';

/** Walking-skeleton dashboard: the greeting of the educator header (the real dashboard comes in its issue). */
export function EducatorGreeting() {
  const { displayName } = useCurrentUser();
  return <h1>Hi! {displayName || 'Developers'}</h1>;
}
