// Every journey fails on a policy violation, a page error, a console error or a failed request to the portal that
// its test did not declare with `watched.expectProblem(...)` (see @academy/infra/browser's openPage).
import { afterEach } from '@jest/globals';
import { takeUnexpectedBrowserProblems } from '@academy/infra/browser';

afterEach(() => {
  const problems = takeUnexpectedBrowserProblems();
  if (problems.length > 0) {
    throw new Error(`The browser reported ${problems.length} problem(s) this test did not declare:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
});
