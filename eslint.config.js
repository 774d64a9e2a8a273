// One lint configuration for every workspace; type checks run separately with `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
// The rule itself, not the plugin's index: the index finds its rules through require.extensions, which jest lacks.
import noLiteralString from 'eslint-plugin-i18next/lib/rules/no-literal-string.js';
import { workspaceBoundaries } from './tools/lint/workspace-boundaries.js';

/**
 * The front end calls the API only by a route's generated constant (libs/contracts/src/api-routes.ts): through
 * `callApi(api, route, input)`, or `apiPath(route, { params, query })` for a link or a download. A hand-typed path
 * or a direct call of the client would bypass the route's declared input and answer.
 */
const apiCallRestrictions = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(get|post|put|del|postForm|putForm)$/]:matches([callee.object.name='api'], [callee.object.property.name='api'])",
    message: 'Call the API with callApi(api, <route constant>, input) from @academy/platform (constants in @academy/contracts api-routes.ts).',
  },
  { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message: 'Write an API path with apiPath(<route constant>, { params, query }) from @academy/contracts.' },
  { selector: 'TemplateLiteral[quasis.0.value.raw=/^\\x2Fapi\\x2F/]', message: 'Write an API path with apiPath(<route constant>, { params, query }) from @academy/contracts.' },
];

const routerImports = ['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import routing from @academy/routing.' }));
const platformLibraryImports = ['@tanstack/react-query', 'react-i18next'].map((name) => ({
  name,
  message: `Import ${name}'s hooks from @academy/platform (libs/platform/src/api/react-query.ts, i18n/react-i18next.ts).`,
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', '**/.e2e-redeploy-*/**', 'bench/results/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  ...workspaceBoundaries(boundaries, import.meta.dirname),
  {
    // Plain browser scripts served as they are (the sandbox's Checkout): ES2017, no modules, no bundler.
    files: ['services/sandbox/public/**/*.js'],
    languageOptions: { sourceType: 'script', ecmaVersion: 2017, globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-this-alias': 'off', '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    // The sign-in SDK loads on demand inside @academy/platform (auth/lazy-sign-in.tsx); an app that imported it
    // would put it back on every visitor's first page. Apps use usePortalAuth() / useCurrentUser().
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@auth0/auth0-react', message: 'Use usePortalAuth() or useCurrentUser() from @academy/platform.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // The router is shared through @academy/routing, react-query and react-i18next through @academy/platform, each
    // cut down to what the apps use; a direct import would bundle a second, whole copy (and a second context: a
    // remote's queries outside the shell's cache, its text outside the shared i18next) into the importing app.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    ignores: ['libs/routing/src/**', 'libs/platform/src/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [...routerImports, ...platformLibraryImports] }] },
  },
  {
    files: ['libs/platform/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: routerImports }] },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/platform/src/**/*.{ts,tsx}', 'libs/ui/src/**/*.{ts,tsx}'],
    // The client itself (libs/platform/src/api/) sends what callApi asks, and the offline outbox sends writes queued
    // by their path (made with apiPath when queued); specs fake the server at its paths.
    ignores: ['libs/platform/src/api/**', 'libs/platform/src/offline/offline-writes.ts', 'libs/platform/src/offline/outbox.ts', '**/*.spec.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...apiCallRestrictions] },
  },
  {
    // What a user reads comes from the translation files (tools/i18n): text in JSX and the attributes people
    // read or hear.
    files: ['shell/src/**/*.tsx', 'mfe-*/src/**/*.tsx', 'libs/ui/src/**/*.tsx', 'libs/platform/src/**/*.tsx'],
    ignores: ['**/*.spec.tsx', '**/testing/**'],
    plugins: { i18next: { rules: { 'no-literal-string': noLiteralString } } },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'alt', 'placeholder', 'label'] },
          message: 'Text people read must come from the translations: t("key") with the key in locales/en.json and hi.json',
        },
      ],
    },
  },
  {
    // SQL lives in a service's repositories (one per aggregate); services hold the rules and the flow, controllers
    // neither. Migrations, seeds, benches and test set-up write their own SQL, as does the shared core (outbox,
    // dead letters, health).
    files: ['services/*/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/migrations/**', '**/seed/**', '**/seed*.ts', '**/bench/**', '**/testing/**', '**/*.spec.ts', 'services/core/**', 'services/sandbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='query'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: 'Put SQL in the aggregate\'s repository (<aggregate>.repository.ts) and call it from the service.' },
        { selector: "CallExpression[callee.property.name='createQueryBuilder']", message: 'Put queries in the aggregate\'s repository (<aggregate>.repository.ts) and call it from the service.' },
      ],
    },
  },
  {
    // infra is read by whoever runs, deploys or measures the portal: each step is a function one can name.
    files: ['infra/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
