import { DEFAULT_COURSE_LANGUAGE, type CourseDraftContentInput, type CourseDraftDto, type EducatorCourseDetail, type QuizInput } from '@academy/contracts';

// The chapters and lectures of the add/edit form, apart from the views: a reducer and the payload builder.

export interface LectureFields {
  lectureTitle: string;
  /** Minutes, as typed. */
  lectureDuration: string;
  lectureUrl: string;
  notesUrl: string;
  testUrl: string;
  isPreviewFree: boolean;
}

export const emptyLectureFields: LectureFields = {
  lectureTitle: '',
  lectureDuration: '',
  lectureUrl: '',
  notesUrl: '',
  testUrl: '',
  isPreviewFree: false,
};

export interface DraftLecture {
  key: string;
  /** Set when the lecture came from the server (kept on save). */
  lectureId?: string;
  lectureTitle: string;
  lectureDuration: number;
  lectureUrl: string;
  notesUrl: string | null;
  testUrl: string | null;
  isPreviewFree: boolean;
}

export interface DraftChapter {
  key: string;
  chapterId?: string;
  chapterTitle: string;
  collapsed: boolean;
  lectures: DraftLecture[];
  /** The chapter's quiz as the contract's input (ids kept for a quiz and questions from the server). */
  quiz: QuizInput | null;
}

export type ChaptersAction =
  | { type: 'add-chapter'; title: string }
  | { type: 'remove-chapter'; key: string }
  | { type: 'toggle-chapter'; key: string }
  | { type: 'add-lecture'; chapterKey: string; lecture: LectureFields }
  | { type: 'update-lecture'; chapterKey: string; lectureKey: string; lecture: LectureFields }
  | { type: 'move-chapter'; key: string; toIndex: number }
  | { type: 'move-lecture'; chapterKey: string; lectureKey: string; toIndex: number }
  | { type: 'remove-lecture'; chapterKey: string; lectureKey: string }
  | { type: 'set-quiz'; chapterKey: string; quiz: QuizInput | null }
  | { type: 'replace'; chapters: DraftChapter[] };

let keySequence = 0;
export function newKey(prefix: string): string {
  keySequence += 1;
  return `${prefix}-${keySequence}`;
}

function lectureOfFields(fields: LectureFields): Omit<DraftLecture, 'key' | 'lectureId'> {
  return {
    lectureTitle: fields.lectureTitle.trim(),
    lectureDuration: Number(fields.lectureDuration),
    lectureUrl: fields.lectureUrl.trim(),
    notesUrl: fields.notesUrl.trim() || null,
    testUrl: fields.testUrl.trim() || null,
    isPreviewFree: fields.isPreviewFree,
  };
}

/** A lecture as the dialog's fields (editing it in place). */
export function lectureFieldsOf(lecture: DraftLecture): LectureFields {
  return {
    lectureTitle: lecture.lectureTitle,
    lectureDuration: String(lecture.lectureDuration),
    lectureUrl: lecture.lectureUrl,
    notesUrl: lecture.notesUrl ?? '',
    testUrl: lecture.testUrl ?? '',
    isPreviewFree: lecture.isPreviewFree,
  };
}

/** The list with the item `isItem` picks moved to `toIndex` (clamped); unchanged when it is not there. */
function moved<T>(items: readonly T[], isItem: (item: T) => boolean, toIndex: number): T[] {
  const from = items.findIndex(isItem);
  if (from < 0) return [...items];
  const target = Math.max(0, Math.min(items.length - 1, toIndex));
  const result = [...items];
  const [item] = result.splice(from, 1);
  result.splice(target, 0, item!);
  return result;
}

export function chaptersReducer(chapters: DraftChapter[], action: ChaptersAction): DraftChapter[] {
  switch (action.type) {
    case 'add-chapter': {
      const title = action.title.trim();
      if (!title) return chapters;
      // New chapters start expanded and empty.
      return [...chapters, { key: newKey('chapter'), chapterTitle: title, collapsed: false, lectures: [], quiz: null }];
    }
    case 'remove-chapter':
      return chapters.filter((chapter) => chapter.key !== action.key);
    case 'toggle-chapter':
      return chapters.map((chapter) => (chapter.key === action.key ? { ...chapter, collapsed: !chapter.collapsed } : chapter));
    case 'add-lecture': {
      const lecture: DraftLecture = { key: newKey('lecture'), ...lectureOfFields(action.lecture) };
      return chapters.map((chapter) => (chapter.key === action.chapterKey ? { ...chapter, lectures: [...chapter.lectures, lecture] } : chapter));
    }
    case 'update-lecture':
      // In place: the key and the server's id stay, so learners' progress keeps pointing at the lecture.
      return chapters.map((chapter) =>
        chapter.key === action.chapterKey
          ? {
              ...chapter,
              lectures: chapter.lectures.map((lecture) => (lecture.key === action.lectureKey ? { ...lecture, ...lectureOfFields(action.lecture) } : lecture)),
            }
          : chapter,
      );
    case 'move-chapter':
      return moved(chapters, (chapter) => chapter.key === action.key, action.toIndex);
    case 'move-lecture':
      return chapters.map((chapter) =>
        chapter.key === action.chapterKey ? { ...chapter, lectures: moved(chapter.lectures, (lecture) => lecture.key === action.lectureKey, action.toIndex) } : chapter,
      );
    case 'remove-lecture':
      return chapters.map((chapter) =>
        chapter.key === action.chapterKey ? { ...chapter, lectures: chapter.lectures.filter((lecture) => lecture.key !== action.lectureKey) } : chapter,
      );
    case 'set-quiz':
      return chapters.map((chapter) => (chapter.key === action.chapterKey ? { ...chapter, quiz: action.quiz } : chapter));
    case 'replace':
      return action.chapters;
  }
}

export interface CourseFields {
  courseTitle: string;
  courseDescription: string;
  /** As typed; converted to numbers in the payload. */
  coursePrice: string;
  discount: string;
  /** What the course is for: classes 7–12 (a range from classFrom to classTo), a subject and a board; '' until chosen. */
  classFrom: string;
  classTo: string;
  subject: string;
  board: string;
  /** What the course is taught in (hi, en, hinglish); English until the educator chooses. */
  language: string;
}

export const emptyCourseFields: CourseFields = {
  courseTitle: '',
  courseDescription: '',
  coursePrice: '',
  discount: '',
  classFrom: '',
  classTo: '',
  subject: '',
  board: '',
  language: DEFAULT_COURSE_LANGUAGE,
};

/**
 * The `courseData` JSON of add-course and of the edit route. Orders are not sent (the server assigns them from
 * the positions); ids are sent only for chapters and lectures that came from the server.
 */
export function toCourseData(fields: CourseFields, chapters: readonly DraftChapter[]) {
  return {
    courseTitle: fields.courseTitle.trim(),
    courseDescription: fields.courseDescription,
    coursePrice: Number(fields.coursePrice),
    discount: Number(fields.discount),
    classFrom: Number(fields.classFrom),
    classTo: Number(fields.classTo),
    subject: fields.subject,
    board: fields.board,
    language: fields.language || DEFAULT_COURSE_LANGUAGE,
    courseContent: chapters.map((chapter) => ({
      ...(chapter.chapterId ? { chapterId: chapter.chapterId } : {}),
      chapterTitle: chapter.chapterTitle,
      chapterContent: chapter.lectures.map((lecture) => ({
        ...(lecture.lectureId ? { lectureId: lecture.lectureId } : {}),
        lectureTitle: lecture.lectureTitle,
        lectureDuration: lecture.lectureDuration,
        lectureUrl: lecture.lectureUrl,
        notesUrl: lecture.notesUrl ?? '',
        testUrl: lecture.testUrl ?? '',
        isPreviewFree: lecture.isPreviewFree,
      })),
      ...(chapter.quiz ? { quiz: chapter.quiz } : {}),
    })),
  };
}

interface StoredChapter {
  chapterId?: string;
  chapterTitle: string;
  quiz: (Omit<QuizInput, 'quizId'> & { quizId?: string }) | null;
  chapterContent: ReadonlyArray<{
    lectureId?: string;
    lectureTitle: string;
    lectureDuration: number;
    lectureUrl: string | null;
    notesUrl: string | null;
    testUrl: string | null;
    isPreviewFree: boolean;
  }>;
}

/** Chapters from the server as the form's (collapsed, or open for a draft being written); quiz and ids kept. */
function draftChapters(chapters: readonly StoredChapter[], collapsed: boolean): DraftChapter[] {
  return chapters.map((chapter) => ({
    key: newKey('chapter'),
    chapterId: chapter.chapterId,
    chapterTitle: chapter.chapterTitle,
    collapsed,
    // The stored quiz (the owner gets its key) as authoring input: its id and its questions' ids are sent back.
    quiz: chapter.quiz
      ? {
          quizId: chapter.quiz.quizId,
          title: chapter.quiz.title,
          passMark: chapter.quiz.passMark,
          attemptLimit: chapter.quiz.attemptLimit,
          questions: chapter.quiz.questions,
        }
      : null,
    lectures: chapter.chapterContent.map((lecture) => ({
      key: newKey('lecture'),
      lectureId: lecture.lectureId,
      lectureTitle: lecture.lectureTitle,
      lectureDuration: lecture.lectureDuration,
      lectureUrl: lecture.lectureUrl ?? '',
      notesUrl: lecture.notesUrl,
      testUrl: lecture.testUrl,
      isPreviewFree: lecture.isPreviewFree,
    })),
  }));
}

/** The form's starting point for a course being edited. Existing chapters start collapsed. */
export function draftFromCourse(course: EducatorCourseDetail): { fields: CourseFields; chapters: DraftChapter[] } {
  return {
    fields: {
      courseTitle: course.courseTitle,
      courseDescription: course.courseDescription,
      coursePrice: String(course.coursePrice),
      discount: String(course.discount),
      classFrom: String(course.classFrom),
      classTo: String(course.classTo),
      subject: course.subject,
      board: course.board,
      language: course.language ?? DEFAULT_COURSE_LANGUAGE,
    },
    chapters: draftChapters(course.courseContent, true),
  };
}

/** A saved draft (or this browser's unsaved copy of it) as the form's starting point, exactly as typed. */
export function formFromDraft(draft: CourseDraftDto['draft'] | CourseDraftContentInput): { fields: CourseFields; chapters: DraftChapter[] } {
  return {
    fields: { ...emptyCourseFields, ...draft.fields },
    chapters: draftChapters(
      (draft.courseContent ?? []).map((chapter) => ({
        ...chapter,
        quiz: (chapter.quiz ?? null) as StoredChapter['quiz'],
        chapterContent: chapter.chapterContent.map((lecture) => ({
          ...lecture,
          lectureDuration: Number(lecture.lectureDuration),
          isPreviewFree: lecture.isPreviewFree ?? false,
          notesUrl: lecture.notesUrl || null,
          testUrl: lecture.testUrl || null,
        })),
      })),
      false,
    ),
  };
}

/** What the draft autosave sends: the fields as typed, the chapters as the course payload has them. */
export function toDraftContent(fields: CourseFields, chapters: readonly DraftChapter[]): CourseDraftContentInput {
  const { courseContent } = toCourseData(fields, chapters);
  return { fields: { ...emptyCourseFields, ...fields }, courseContent };
}
