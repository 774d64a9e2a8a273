import { landingAfterSignIn } from './platform-providers';

describe('landingAfterSignIn', () => {
  it.each([
    ['an educator from the home page goes to the dashboard', '/', ['educator'], '/educator'],
    ['an educator with no page to return to goes to the dashboard', undefined, ['educator'], '/educator'],
    ['an educator returns to the page sign-in started from', '/course/abc', ['educator'], '/course/abc'],
    ['an educator returns to an educator page', '/educator/payouts', ['educator'], '/educator/payouts'],
    ['a learner from the home page stays on it', '/', [], '/'],
    ['a parent from the home page stays on it', '/', ['parent'], '/'],
    ['no roles claim at all', '/', undefined, '/'],
  ])('%s', (_case, returnTo, roles, expected) => {
    expect(landingAfterSignIn(returnTo, roles)).toBe(expected);
  });
});
