import { educatorPaths, learnerPaths, pagePath } from './page-paths.js';

describe('pagePath', () => {
  it('fills each parameter of a page pattern, encoded, and leaves a pattern without parameters as it is', () => {
    expect(pagePath(learnerPaths.course, { id: 'c 1/2' })).toBe('/course/c%201%2F2');
    expect(pagePath(educatorPaths.editCourse, { courseId: 'abc' })).toBe('/educator/edit-course/abc');
    expect(pagePath(learnerPaths.myEnrollments)).toBe('/my-enrollments');
  });
});
