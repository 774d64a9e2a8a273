// Component tests render with every app's translations already loaded (no chunks to fetch in jsdom), in English
// unless a test switches: the same one i18next instance the apps share in the browser.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const i18next = require('i18next');
const { initReactI18next } = require('react-i18next');
const { TRANSLATION_FOLDERS } = require('../i18n/translation-folders.cjs');

const root = path.resolve(__dirname, '../..');
const resources = { en: {}, hi: {} };
for (const [namespace, folder] of Object.entries(TRANSLATION_FOLDERS)) {
  for (const language of Object.keys(resources)) {
    const file = path.join(root, folder, `${language}.json`);
    if (existsSync(file)) resources[language][namespace] = JSON.parse(readFileSync(file, 'utf8'));
  }
}

i18next.use(initReactI18next).init({
  lng: 'en',
  resources,
  ns: Object.keys(TRANSLATION_FOLDERS),
  defaultNS: 'platform',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  // Re-render when a namespace is added later, as the platform's instance does (libs/platform/src/i18n/i18n.ts).
  react: { useSuspense: false, bindI18nStore: 'added' },
  initAsync: false,
});

afterEach(() => {
  if (i18next.language !== 'en') return i18next.changeLanguage('en');
});
