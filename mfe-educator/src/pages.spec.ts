import { educatorPaths } from '@academy/platform';
import pagesFile from './pages.json';

// The remote's build publishes pages.json in its manifest (tools/rspack/create-app-config.mjs); the shell routes by it.
describe('the educator remote’s pages', () => {
  it('include every page other apps link to (educatorPaths in @academy/platform)', () => {
    expect(Object.values(pagesFile.pages)).toEqual(expect.arrayContaining(Object.values(educatorPaths)));
  });
});
