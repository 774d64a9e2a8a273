/** The role (in the token's roles claim and the user data) that unlocks the educator area and its API. */
export const EDUCATOR_ROLE = 'educator';
/**
 * The role (in the token's roles claim and the user data) of a parent account. Here, beside the others, not in
 * parents.ts: the platform reads it on every first page, and parents.ts's zod schemas must not come along.
 */
export const PARENT_ROLE = 'parent';
/** The role of the academy's own staff who moderate reviews on every course (hide or show any review). */
export const ACADEMY_ADMIN_ROLE = 'academy-admin';
