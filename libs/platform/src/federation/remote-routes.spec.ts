import { isEducatorArea, matchRemote } from './remote-routes';

describe('matchRemote', () => {
  it.each([
    ['/', 'learner'],
    ['/course-list', 'learner'],
    ['/course-list/algebra', 'learner'],
    ['/course/6650f0', 'learner'],
    ['/my-enrollments', 'learner'],
    ['/player/6650f0', 'learner'],
    ['/educator', 'educator'],
    ['/educator/add-course', 'educator'],
    ['/educator/students-enrolled', 'educator'],
    ['/about', 'info'],
    ['/contact', 'info'],
    ['/success', 'info'],
    ['/testimonials', 'info'],
    ['/terms-conditions', 'info'],
    ['/privacy-policy', 'info'],
    ['/beyond-the-classroom', 'info'],
    ['/frequently-asked-questions', 'info'],
    ['/About/', 'info'],
  ])('%s belongs to %s', (pathname, remote) => {
    expect(matchRemote(pathname)).toMatchObject({ remote, moduleId: `${remote}/App` });
  });

  it.each(['/nowhere', '/course', '/course/1/extra', '/player', '/educators', '/loading/course-list'])('%s belongs to no remote', (pathname) => {
    expect(matchRemote(pathname)).toBeNull();
  });
});

describe('isEducatorArea', () => {
  it.each([
    ['/educator', true],
    ['/educator/add-course', true],
    ['/educator/edit-course/42', true],
    ['/educator/no-such-page', true],
    ['/educators', false],
    ['/my-enrollments', false],
    ['/', false],
  ])('%s → %s', (pathname, expected) => expect(isEducatorArea(pathname)).toBe(expected));
});
