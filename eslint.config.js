// One lint configuration for every workspace; type checks run separately with `tsc --noEmit`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { workspaceBoundaries } from './tools/lint/workspace-boundaries.js';

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
    // The router is shared through @academy/routing, cut down to what the apps use; a direct import would bundle
    // a second, whole router (and a second routing context) into the importing app.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    ignores: ['libs/routing/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import routing from @academy/routing.' })) },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
