// The pages other apps link to, and how a link to one is written.

/**
 * Paths that other apps link to (the navbar to the course page, the educator area to a learner page), typed in one
 * place so a link cannot point at a page no remote serves. This is not the routing: each remote lists the pages it
 * serves in its own `src/pages.json` and publishes them in its manifest; the shell learns them at run time
 * (libs/platform/src/federation). Each remote's tests check that every path here into it is one of its pages.
 */
export const learnerPaths = {
  home: '/',
  courseList: '/course-list',
  courseSearch: '/course-list/:input',
  course: '/course/:id',
  myEnrollments: '/my-enrollments',
  purchaseHistory: '/purchase-history',
  player: '/player/:courseId',
  certificate: '/certificate/:code',
  // Parents: a parent's children, one child's progress; a student's linked parents and link codes.
  parentHome: '/parent',
  parentChild: '/parent/child/:id',
  // A parent's payments: each names the child it was for, with its receipt.
  parentPayments: '/parent/payments',
  parentAccess: '/parent-access',
  // The learner's class and board (asked once after the first sign-in on the home page; changed here).
  myClass: '/my-class',
  // An educator's public page: profile and published courses (the course page's byline links here).
  educator: '/educators/:educatorId',
  // A live class: its video, then what happens in the class (the course page and the player link here).
  liveRoom: '/live/:classId',
} as const;

export const educatorPaths = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  studentsEnrolled: '/educator/students-enrolled',
  editCourse: '/educator/edit-course/:courseId',
  coupons: '/educator/coupons',
  inbox: '/educator/inbox',
  assignments: '/educator/assignments',
  payouts: '/educator/payouts',
  settings: '/educator/settings',
} as const;

export const infoPaths = {
  about: '/about',
  contact: '/contact',
  success: '/success',
  testimonials: '/testimonials',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  enrichment: '/beyond-the-classroom',
  faq: '/frequently-asked-questions',
} as const;

/** The names of a page pattern's parameters: `'/course/:id'` → `'id'`. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<`/${Rest}`> : Pattern extends `${string}:${infer Name}` ? Name : never;

/** The parameters a pattern needs, none when it has none. */
type PageParams<Pattern extends string> = [ParamNames<Pattern>] extends [never] ? [] : [params: Record<ParamNames<Pattern>, string>];

/**
 * A link to a page from its pattern in the tables above, each parameter encoded: `pagePath(learnerPaths.course,
 * { id })`. Add a query or hash after it where the page reads one.
 */
export function pagePath<Pattern extends string>(pattern: Pattern, ...[params]: PageParams<Pattern>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string> | undefined)?.[name] ?? ''));
}
