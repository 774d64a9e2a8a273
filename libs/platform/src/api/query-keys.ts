// Every cache key of the front end, in one place, so a mutation can invalidate exactly what it changed.
// Keys are hierarchical: invalidating `queryKeys.catalogue.all` also refreshes every course list and detail.

export const queryKeys = {
  catalogue: {
    all: ['catalogue'] as const,
    lists: () => [...queryKeys.catalogue.all, 'list'] as const,
    /** `filters`: the course list's filters and sort as URL parameters (`class`, `subject`, `sort`, …). */
    list: (search: string, pageSize: number, filters: Readonly<Record<string, string>> = {}) =>
      [...queryKeys.catalogue.lists(), { search, pageSize, ...filters }] as const,
    home: (count: number) => [...queryKeys.catalogue.all, 'home', count] as const,
    detail: (courseId: string) => [...queryKeys.catalogue.all, 'detail', courseId] as const,
    /** An educator's public page: their profile (progress) and published courses (catalogue). */
    educatorProfile: (educatorId: string) => [...queryKeys.catalogue.all, 'educator-profile', educatorId] as const,
    educatorCourses: (educatorId: string) => [...queryKeys.catalogue.all, 'educator-courses', educatorId] as const,
  },
  /** A certificate checked by its code (public: anyone holding the code). */
  certificates: {
    verify: (code: string) => ['certificates', 'verify', code] as const,
  },
  learner: {
    all: ['learner'] as const,
    /** The enrolled courses (with lecture links) and each course's progress. */
    enrolledCourses: () => [...queryKeys.learner.all, 'enrolled-courses'] as const,
    /** My Enrollments' rows: each enrolled course with its progress. */
    enrolledRows: () => [...queryKeys.learner.enrolledCourses(), 'rows'] as const,
    /** The same rows from this device's copy (IndexedDB), shown until the network's answer comes. */
    enrolledRowsOnDevice: (userId: string) => [...queryKeys.learner.all, 'enrolled-rows-on-device', userId] as const,
    /** The player's course (from the enrolled courses, with lecture links) and its progress. */
    playerCourse: (courseId: string) => [...queryKeys.learner.enrolledCourses(), 'player', courseId] as const,
    /** The learner's purchases with their refunds (My Enrollments' refund column, purchase history). */
    purchases: () => [...queryKeys.learner.all, 'purchases'] as const,
    /** A course's upcoming and live classes (course page, player, live room). */
    liveClasses: (courseId: string) => [...queryKeys.learner.all, 'live-classes', courseId] as const,
    /** A live class's state and its signed playback link (the live room), asked again while it is shown. */
    livePlayback: (classId: string) => [...queryKeys.learner.all, 'live-playback', classId] as const,
    /** Live and upcoming classes across the learner's courses (the home page). */
    myLiveClasses: () => [...queryKeys.learner.all, 'live-classes', 'mine'] as const,
    /** Live classes attended with their minutes: the learner's own ('mine') or a linked child's (their id). */
    liveAttendance: (who: string) => [...queryKeys.learner.all, 'live-attendance', who] as const,
    /** A chapter quiz without its key and the learner's standing on it. */
    quiz: (courseId: string, quizId: string) => [...queryKeys.learner.all, 'quiz', courseId, quizId] as const,
    /** A course's assignments with the learner's own hand-in of each. */
    assignments: (courseId: string) => [...queryKeys.learner.all, 'assignments', courseId] as const,
  },
  /** A course's doubts, for its learners (the player) and its educator (the inbox). */
  doubts: {
    all: ['doubts'] as const,
    lecture: (courseId: string, lectureId: string) => [...queryKeys.doubts.all, 'lecture', courseId, lectureId] as const,
    search: (courseId: string, query: string) => [...queryKeys.doubts.all, 'search', courseId, query] as const,
    thread: (courseId: string, doubtId: string) => [...queryKeys.doubts.all, 'thread', courseId, doubtId] as const,
  },
  /** The signed-in user's notifications (the navbar's bell) and their email choices. */
  notifications: {
    all: ['notifications'] as const,
    list: () => [...queryKeys.notifications.all, 'list'] as const,
    emailSettings: () => [...queryKeys.notifications.all, 'email-settings'] as const,
  },
  parents: {
    all: ['parents'] as const,
    /** The caller's links both ways: children (as a parent) and parents (as a child). */
    links: () => [...queryKeys.parents.all, 'links'] as const,
    /** A linked child's read-only progress. */
    child: (childId: string) => [...queryKeys.parents.all, 'child', childId] as const,
    /** The doubts a linked child asked. */
    childDoubts: (childId: string) => [...queryKeys.parents.all, 'child', childId, 'doubts'] as const,
    emailSettings: () => [...queryKeys.parents.all, 'email-settings'] as const,
    /** A parent's thread with the educator about one child's course. */
    thread: (childId: string, courseId: string) => [...queryKeys.parents.all, 'child', childId, 'thread', courseId] as const,
  },
  educator: {
    all: ['educator'] as const,
    dashboard: () => [...queryKeys.educator.all, 'dashboard'] as const,
    earnings: (granularity: string) => [...queryKeys.educator.all, 'earnings', granularity] as const,
    myCourses: () => [...queryKeys.educator.all, 'my-courses'] as const,
    /** My Courses' table: the list above joined with commerce's earnings per course (invalidated with it). */
    myCoursesWithEarnings: () => [...queryKeys.educator.myCourses(), 'with-earnings'] as const,
    courseForEditing: (courseId: string) => [...queryKeys.educator.all, 'course', courseId] as const,
    /** Students Enrolled, by its filters (a course, words); every filter shares the `students` prefix. */
    students: (filter: { courseId?: string; q?: string } = {}) => [...queryKeys.educator.all, 'students', filter] as const,
    coupons: () => [...queryKeys.educator.all, 'coupons'] as const,
    /** A course's live classes, every state (scheduling page). */
    liveClasses: (courseId: string) => [...queryKeys.educator.all, 'live-classes', courseId] as const,
    liveClass: (classId: string) => [...queryKeys.educator.all, 'live-class', classId] as const,
    payoutAccount: () => [...queryKeys.educator.all, 'payout-account'] as const,
    payouts: () => [...queryKeys.educator.all, 'payouts'] as const,
    profile: () => [...queryKeys.educator.all, 'profile'] as const,
    /** Attempts, passes, average best score and most-missed question of a course's quizzes. */
    quizStats: (courseId: string) => [...queryKeys.educator.all, 'quiz-stats', courseId] as const,
    /** A course's lecture analytics: watch time, drop-off per lecture, the completion funnel, quiz difficulty. */
    analytics: (courseId: string) => [...queryKeys.educator.all, 'analytics', courseId] as const,
    /** Reported reviews of one course (the educator's) or of every course (the academy's moderators). */
    reportedReviews: (courseId: string | null) => [...queryKeys.educator.all, 'reported-reviews', courseId ?? 'all'] as const,
    /** Unanswered doubts across the educator's courses (each filter below it) and the dashboard's doubt figures. */
    inbox: () => [...queryKeys.educator.all, 'inbox'] as const,
    /** Parents' threads in the educator's inbox. */
    parentThreads: () => [...queryKeys.educator.all, 'inbox', 'parent-threads'] as const,
    doubtSummary: () => [...queryKeys.educator.all, 'doubt-summary'] as const,
    /** Hand-ins waiting for review across the educator's courses (each filter below it) and their count. */
    submissions: () => [...queryKeys.educator.all, 'submissions'] as const,
    /** One course's assignments as its educator sets them. */
    courseAssignments: (courseId: string) => [...queryKeys.educator.all, 'assignments', courseId] as const,
  },
} as const;
