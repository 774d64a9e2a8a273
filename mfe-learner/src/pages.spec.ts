import { learnerPaths } from '@academy/platform';
import pagesFile from './pages.json';

// The remote's build publishes pages.json in its manifest (tools/rspack/create-app-config.mjs); the shell routes by it.
describe('the learner remote’s pages', () => {
  it('include every page other apps link to (learnerPaths in @academy/platform)', () => {
    expect(Object.values(pagesFile.pages)).toEqual(expect.arrayContaining(Object.values(learnerPaths)));
  });
});
