// Every translation namespace: the folder holding its `en.json` and `hi.json` (one namespace per app or library,
// loaded with it, and the learner's study pages' own, loaded when needed) and the source that uses it. Read by the
// component tests' setup and by the key check.
exports.TRANSLATION_FOLDERS = {
  platform: 'libs/platform/src/i18n/locales',
  // Keyed by the services' English sentences; English needs no file (see libs/platform/src/i18n/messages.ts).
  messages: 'libs/platform/src/i18n/messages',
  ui: 'libs/ui/src/locales',
  shell: 'shell/src/locales',
  learner: 'mfe-learner/src/locales',
  // The player (quizzes), doubts, assignments and certificates: no first page of the catalogue shows them.
  'learner-study': 'mfe-learner/src/locales/study',
  educator: 'mfe-educator/src/locales',
  info: 'mfe-info-pages/src/locales',
};

exports.SOURCE_FOLDERS = {
  platform: 'libs/platform/src',
  ui: 'libs/ui/src',
  shell: 'shell/src',
  learner: 'mfe-learner/src',
  educator: 'mfe-educator/src',
  info: 'mfe-info-pages/src',
};
