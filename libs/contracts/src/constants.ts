/** The role (in the token's roles claim and the user data) that unlocks the educator area and its API. */
export const EDUCATOR_ROLE = 'educator';
