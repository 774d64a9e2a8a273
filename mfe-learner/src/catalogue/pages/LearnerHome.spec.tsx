import { screen, within } from '@testing-library/react';
import { Route } from '@academy/routing';
import { enrolledCourse, fakeServer, ok, progress, renderAt, userData } from '../../enrollments/testing/learningTestKit';
import { MyEnrollmentsPage } from '../../enrollments';
import { courseSummary } from '../testing/catalogueTestKit';
import { HomePage } from './HomePage';

const forClassEight = courseSummary({ _id: 'c-8', courseTitle: 'Class 8 Science: Cells' });

describe('a signed-in student’s home', () => {
  it('starts with "Continue learning": the lecture to resume, where, and the progress; then courses for their class', async () => {
    fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [enrolledCourse({ lastLectureId: 'l-2' })] }) : undefined),
      (request) =>
        request.path === '/api/user/get-course-progress' ? ok({ progressData: progress({ lectureCompleted: ['l-1'], lastLectureId: 'l-2', positions: { 'l-2': 205 } }) }) : undefined,
      (request) => (request.path === '/api/course/all' ? ok({ courses: [forClassEight], nextCursor: null }) : undefined),
    );
    renderAt('/', <Route path="/" element={<HomePage />} />, { user: userData({ schoolClass: 8 }) });

    const section = await screen.findByRole('region', { name: 'Continue learning' });
    expect(within(section).getByText(/1\.2 Expressions/)).toHaveTextContent('1.2 Expressions · at 3:25');
    expect(within(section).getByRole('progressbar')).toHaveAttribute('value', '1');
    expect(within(section).getByText('1 of 3 lectures done')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/player/course-1?lecture=l-2');

    const forClass = await screen.findByRole('region', { name: 'Courses for Class 8' });
    expect(await within(forClass).findByRole('link', { name: forClassEight.courseTitle })).toBeInTheDocument();
    expect(within(forClass).getByRole('link', { name: 'All courses for Class 8' })).toHaveAttribute('href', '/course-list?class=8');
    expect(screen.queryByText(/career success/)).not.toBeInTheDocument();
  });

  it('suggests courses for the learner’s class on an empty My Enrollments', async () => {
    fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [] }) : undefined),
      (request) => (request.path === '/api/user/purchases' ? ok({ purchases: [] }) : undefined),
      (request) => (request.path === '/api/course/all' ? ok({ courses: [forClassEight], nextCursor: null }) : undefined),
    );
    renderAt('/my-enrollments', <Route path="/my-enrollments" element={<MyEnrollmentsPage />} />, { user: userData({ schoolClass: 8 }) });
    const suggestions = await screen.findByRole('region', { name: 'Start with a course for Class 8' });
    expect(await within(suggestions).findByRole('link', { name: forClassEight.courseTitle })).toBeInTheDocument();
  });
});
