import type { Board, CourseFacetCounts, Subject } from './taxonomy.js';
import type { QuizOverview } from './quizzes.js';
import type { CourseLanguage, UiLanguage } from './languages.js';

// Shapes of the public API. Every response carries `success`; failures carry only a message.
//
// Deliberate difference from the entity lists of docs/product.md: a course never publishes other users' ids.
// Instead of `courseRatings` (userId + rating) and `enrolledStudents` (ids) the API sends aggregates
// (`averageRating`, `ratingCount`, `studentCount`). The caller's own enrolment comes from `GET /api/user/data`
// (`enrolledCourses`) and their own rating from `GET /api/user/enrolled-courses` (`myRating`), both from progress.

export interface ApiFailure {
  success: false;
  message: string;
}

export type ApiResponse<T extends object> = ({ success: true } & T) | ApiFailure;

export interface LectureDto {
  lectureId: string;
  lectureOrder: number;
  lectureTitle: string;
  /** Minutes. */
  lectureDuration: number;
  /** Present on public routes only for free-preview lectures; always present for enrolled learners. */
  lectureUrl: string | null;
  isPreviewFree: boolean;
  notesUrl: string | null;
  testUrl: string | null;
}

export interface ChapterDto {
  chapterId: string;
  chapterOrder: number;
  chapterTitle: string;
  chapterContent: LectureDto[];
  /** The chapter's quiz: title and size only, never the questions or the key. */
  quiz?: QuizOverview | null;
}

export interface EducatorRef {
  /** The educator's public id (not their sign-in subject): their page is /educators/:id. */
  _id: string;
  name: string;
}

/** What a course card needs. */
export interface CourseSummary {
  _id: string;
  courseTitle: string;
  courseThumbnail: string;
  coursePrice: number;
  /** Percent, 0 to 100. */
  discount: number;
  educator: EducatorRef;
  averageRating: number;
  ratingCount: number;
  studentCount: number;
  createdAt: string;
  /** What the course is for (libs/contracts/src/taxonomy.ts). */
  classFrom: number;
  classTo: number;
  subject: Subject;
  board: Board;
  /**
   * What the course is taught in (hi, en, hinglish). Catalogue always sends it; optional only for an answer cached
   * before courses had a language (read it as English).
   */
  language?: CourseLanguage;
}

export interface CourseDetail extends CourseSummary {
  /** Sanitised HTML. */
  courseDescription: string;
  courseContent: ChapterDto[];
}

export type UserRole = 'educator' | 'student' | 'parent';

export interface UserData {
  _id: string;
  name: string;
  email: string;
  imageUrl: string;
  enrolledCourses: string[];
  /** `educator` when the roles claim has it, else `parent` when it has that, else `student`. */
  publicMetadata: { role: UserRole };
  /** The learner's school class (7–12) and board, from their profile; null until they say (or if they skipped). */
  schoolClass?: number | null;
  board?: Board | null;
  /** Whether the learner was already asked their class and board (answered or skipped): they are asked once. */
  classAsked?: boolean;
  /** The interface language the user chose in the language switch; null until they choose (the browser's decides). */
  language?: UiLanguage | null;
}

export interface StudentRef {
  name: string;
  imageUrl: string;
}

export interface DashboardData {
  /** The latest enrolments (newest first), not all of them: the dashboard's read stays O(1) in sales. */
  enrolledStudentsData: { student: StudentRef; courseTitle: string }[];
  /** Beyond the shape docs/product.md gives: every paid enrolment, from the earnings aggregates. */
  totalEnrolments: number;
  totalCourses: number;
  totalEarnings: number;
}

export interface EnrolledStudentRecord {
  student: StudentRef;
  courseId: string;
  courseTitle: string;
  purchaseDate: string;
  /** What the student paid, in paise; 0 for a free enrolment. */
  amountPaise: number;
  /** Set when the purchase was refunded (the student's access ended; not counted in earnings). */
  refunded?: true;
  refundedAt?: string | null;
}

/** One page of `GET /api/educator/enrolledStudents`. */
export interface EnrolledStudentsPage {
  enrolledStudents: EnrolledStudentRecord[];
  /** Present when more follow; pass it back as `cursor`. */
  nextCursor: string | null;
}

export interface RazorpayOrderRef {
  id: string;
  /** Paise. */
  amount: number;
  currency: string;
}

export interface PurchaseResult {
  purchaseId: string;
  /** Absent when the course is free and the learner was enrolled at once. */
  order?: RazorpayOrderRef;
  keyId?: string;
  enrolled?: boolean;
  message?: string;
}

export interface CourseListPage {
  courses: CourseSummary[];
  /** Present when more results follow; pass it back as `cursor`. */
  nextCursor?: string | null;
  /** Counts per filter value; on the first page only (a `cursor` call leaves them out). */
  facets?: CourseFacetCounts;
}

/** GET /api/course/all. */
export interface CourseListAnswer extends CourseListPage {
  success: true;
}

/** GET /api/course/:id: a published course with its chapters (paid lectures without their URL). */
export interface CourseDetailAnswer {
  success: true;
  courseData: CourseDetail;
}

export interface CourseProgressData {
  lectureCompleted: string[];
}
