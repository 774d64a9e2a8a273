import { chooseUiLanguage, pickUiLanguage } from './languages.js';

describe('pickUiLanguage', () => {
  it.each([
    [['hi-IN', 'en-IN'], 'hi'],
    [['en-US', 'hi'], 'en'],
    [['mr-IN', 'hi-IN'], 'hi'], // Marathi first: the first language the portal has
    [['ta-IN'], 'en'],
    [['HI'], 'hi'],
    [[], 'en'],
    [null, 'en'],
  ])('%j → %s', (tags, language) => expect(pickUiLanguage(tags)).toBe(language));
});

describe('chooseUiLanguage (the shell and the edge decide a first render’s language alike)', () => {
  it.each([
    [{ linked: 'hi', kept: 'en', preferred: ['en-IN'] }, 'hi'], // a link's ?lang= wins
    [{ linked: 'fr', kept: 'hi', preferred: ['en-IN'] }, 'hi'], // a language the portal lacks is ignored
    [{ linked: null, kept: 'en', preferred: ['hi-IN'] }, 'en'], // the kept choice over the browser's languages
    [{ kept: 'xx', preferred: ['hi-IN', 'en'] }, 'hi'],
    [{ preferred: ['ta-IN'] }, 'en'],
    [{}, 'en'],
  ])('%j → %s', (request, language) => expect(chooseUiLanguage(request)).toBe(language));
});
