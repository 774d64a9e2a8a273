import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, failure, ok, on, renderEducatorApp, type SeenRequest } from '../testing/educatorTestKit';

const courseId = '10000000-0000-4000-8000-000100000000';
const course = {
  _id: courseId,
  courseTitle: 'Class 11 Physics',
  courseDescription: '<p>Motion</p>',
  courseThumbnail: '/media/thumbnails/physics.svg',
  coursePrice: 1999,
  discount: 10,
  isPublished: true,
  createdAt: '2025-01-10T09:00:00.000Z',
  classFrom: 11,
  classTo: 11,
  subject: 'physics' as const,
  board: 'cbse' as const,
  language: 'hinglish' as const,
  courseContent: [
    {
      chapterId: 'c-1',
      chapterOrder: 1,
      chapterTitle: 'Kinematics',
      quiz: null,
      chapterContent: [
        { lectureId: 'l-1', lectureOrder: 1, lectureTitle: 'Speed', lectureDuration: 20, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: false, notesUrl: null, testUrl: null },
        { lectureId: 'l-2', lectureOrder: 2, lectureTitle: 'Velocity', lectureDuration: 25, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: false, notesUrl: null, testUrl: null },
        { lectureId: 'l-3', lectureOrder: 3, lectureTitle: 'Acceleration', lectureDuration: 30, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: false, notesUrl: null, testUrl: null },
      ],
    },
  ],
};
const listed = { _id: courseId, courseTitle: course.courseTitle, courseThumbnail: course.courseThumbnail, coursePrice: 1999, discount: 10, earnings: 3598.2, studentCount: 2, isPublished: true, isDraft: false, createdAt: course.createdAt };

const sentCourse = (request: SeenRequest) => JSON.parse((request.body as FormData).get('courseData') as string) as { courseContent: { chapterId?: string; chapterTitle: string; quiz?: { title: string }; chapterContent: { lectureId?: string; lectureTitle: string }[] }[] };

function editServer(put: (request: SeenRequest) => ReturnType<typeof ok> = () => ok({ message: 'Course Updated', course })) {
  const puts: SeenRequest[] = [];
  const seen = fakeServer(
    on('GET', `/api/educator/courses/${courseId}`, ok({ course })),
    on('GET', '/api/educator/courses', ok({ courses: [listed] })),
    on('GET', `/api/educator/quiz-stats/${courseId}`, ok({ quizzes: [] })),
    on('PUT', `/api/educator/courses/${courseId}`, (request) => {
      puts.push(request);
      return put(request);
    }),
  );
  return { puts, seen };
}

async function openEditPage() {
  const user = userEvent.setup();
  const view = renderEducatorApp(`/educator/edit-course/${courseId}`);
  expect(await screen.findByLabelText('Course Title')).toHaveValue('Class 11 Physics');
  return { user, ...view };
}

beforeEach(() => window.sessionStorage.clear());

describe('Edit Course: editing structure safely', () => {
  it('names the chapter and its lectures before deleting, and warns that learners are enrolled', async () => {
    editServer();
    const { user } = await openEditPage();
    await user.click(screen.getByRole('button', { name: 'Remove chapter 1 Kinematics' }));
    const question = await screen.findByRole('alertdialog', { name: "Delete chapter 'Kinematics' and its 3 lectures?" });
    await waitFor(() => expect(question).toHaveTextContent('2 learners are enrolled in this course.'));
    expect(question).toHaveTextContent('the progress they made on it is kept in their records');
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it("shows the course's teaching language chosen", async () => {
    editServer();
    await openEditPage();
    expect(screen.getByRole('combobox', { name: 'Taught in' })).toHaveValue('hinglish');
  });

  it('shows what learners pay under the price and discount as they are typed', async () => {
    editServer();
    const { user } = await openEditPage();
    expect(screen.getByText(/Learners pay/)).toHaveTextContent('Learners pay ₹1,799.10 (₹1,999.00 less 10%)');
    await user.clear(screen.getByLabelText('Course Price'));
    await user.type(screen.getByLabelText('Course Price'), '150000.5');
    expect(screen.getByText(/Learners pay/)).toHaveTextContent('Learners pay ₹1,35,000.45 (₹1,50,000.50 less 10%)');
    await user.clear(screen.getByLabelText('Discount %'));
    await user.type(screen.getByLabelText('Discount %'), '100');
    expect(screen.getByText(/Learners pay/)).toHaveTextContent('Learners pay nothing (free)');
  });

  it('saves a quiz to the course as soon as it is saved in its dialog, and stays on the page', async () => {
    const { puts } = editServer();
    const { user, location } = await openEditPage();
    await user.click(screen.getByRole('button', { name: '1 Kinematics' }));
    await user.click(screen.getByRole('button', { name: '+ Add Quiz to Kinematics' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Quiz' });
    await user.type(within(dialog).getByLabelText('Quiz Title'), 'Motion check');
    await user.type(within(dialog).getByLabelText('Question 1 text'), 'Unit of speed?');
    await user.type(within(dialog).getByLabelText('Question 1 Choice 1'), 'm/s');
    await user.type(within(dialog).getByLabelText('Question 1 Choice 2'), 'kg');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correct answer: question 1 choice 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save quiz' }));
    expect(await screen.findByText('Quiz saved to the course')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    const sent = sentCourse(puts[0]!);
    expect(sent.courseContent[0]).toMatchObject({ chapterId: 'c-1', quiz: { title: 'Motion check' } });
    expect(sent.courseContent[0]!.chapterContent.map((lecture) => lecture.lectureId)).toEqual(['l-1', 'l-2', 'l-3']);
    // The course's teaching language comes back as it was.
    expect(JSON.parse((puts[0]!.body as FormData).get('courseData') as string)).toMatchObject({ language: 'hinglish' });
    expect(location()).toBe(`/educator/edit-course/${courseId}`);
  });

  it('asks before leaving with unsaved changes: Stay keeps the page, Leave goes', async () => {
    editServer();
    const { user, location } = await openEditPage();
    // Nothing changed: the menu just navigates.
    await user.type(screen.getByLabelText('Course Title'), ' (2025)');
    await user.click(within(screen.getByRole('navigation', { name: 'Educator' })).getByRole('link', { name: 'My Courses' }));
    const question = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    expect(location()).toBe(`/educator/edit-course/${courseId}`);
    expect(screen.getByLabelText('Course Title')).toHaveValue('Class 11 Physics (2025)');
    await user.click(within(screen.getByRole('navigation', { name: 'Educator' })).getByRole('link', { name: 'My Courses' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(location()).toBe('/educator/my-courses');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('keeps the edits through an expired sign-in: says so, offers to sign in, and restores them on the next visit', async () => {
    editServer(() => failure(401, 'Sign in again'));
    const { user, unmount } = await openEditPage();
    await user.clear(screen.getByLabelText('Course Title'));
    await user.type(screen.getByLabelText('Course Title'), 'Class 11 Physics: Motion');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const signIn = await screen.findByRole('button', { name: 'Sign in again' });
    expect(signIn.closest('[role="alert"]')).toHaveTextContent('Your sign-in has expired. Your changes are kept on this device');
    unmount();

    editServer();
    renderEducatorApp(`/educator/edit-course/${courseId}`);
    expect(await screen.findByLabelText('Course Title')).toHaveValue('Class 11 Physics: Motion');
    expect(screen.getByText(/Your unsaved changes from \d\d\/\d\d\/\d{4} are back in the form/).closest('[role="status"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discard them' })).toBeInTheDocument();
  });
});
