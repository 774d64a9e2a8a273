// Jest preset for React code in jsdom (CommonJS output through @swc/jest, automatic JSX runtime).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { testWorkers } from './test-workers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

export const webPreset = {
  maxWorkers: testWorkers,
  testEnvironment: 'jsdom',
  moduleFileExtensions: ['tsx', 'ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFiles: [path.join(here, 'web-setup.cjs')],
  setupFilesAfterEnv: [path.join(here, 'web-after-env.cjs'), path.join(here, 'web-i18n.cjs')],
  moduleNameMapper: {
    '\\.(css)$': path.join(here, 'style-stub.cjs'),
    '\\.(png|jpe?g|svg|webp|gif|mp4)$': path.join(here, 'file-stub.cjs'),
    // A translation file's address (the strings themselves are loaded by web-i18n.cjs).
    '\\.json\\?url$': path.join(here, 'file-stub.cjs'),
    '^@academy/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@academy/platform$': path.join(root, 'libs/platform/src/index.ts'),
    '^@academy/platform/server$': path.join(root, 'libs/platform/src/server/index.ts'),
    '^@academy/platform/locales/(.*)$': path.join(root, 'libs/platform/src/i18n/locales/$1'),
    '^@academy/ui/locales/(.*)$': path.join(root, 'libs/ui/src/locales/$1'),
    '^@academy/ui$': path.join(root, 'libs/ui/src/index.ts'),
    '^@academy/ui/live$': path.join(root, 'libs/ui/src/live/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(zod)/)'],
};
