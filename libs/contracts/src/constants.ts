/** The role (in the token's roles claim and the user data) that unlocks the educator area and its API. */
export const EDUCATOR_ROLE = 'educator';
/** The role of the academy's own staff who moderate reviews on every course (hide or show any review). */
export const ACADEMY_ADMIN_ROLE = 'academy-admin';
