/** Toasts appear top-right and close after this long (spec sections 4 and 9). */
export const TOAST_AUTO_HIDE_MS = 5000;
/** /loading/{path} waits this long before navigating (spec section 9). */
export const LOADING_REDIRECT_MS = 5000;
/** The success page counts down from this many seconds, then goes home. */
export const SUCCESS_REDIRECT_SECONDS = 4;
export const HOME_COURSE_COUNT = 4;
export const FAQ_TEASER_ITEMS = 4;
export const PAYMENT_THEME_COLOUR = '#3399cc';
export const EDUCATOR_ROLE = 'educator';
