import { pickUiLanguage } from './languages.js';

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
