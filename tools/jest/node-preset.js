// Jest preset for Node packages (NestJS 12 is ESM only): run with NODE_OPTIONS=--experimental-vm-modules.
// Workspace libraries are mapped to their TypeScript sources so tests never need a prior build.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { testWorkers } from './test-workers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const nodePreset = {
  maxWorkers: testWorkers,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  moduleNameMapper: {
    '^@academy/contracts$': path.join(root, 'libs/contracts/src/index.ts'),
    '^@academy/service-core$': path.join(root, 'services/core/src/index.ts'),
    '^@academy/service-core/testing$': path.join(root, 'services/core/src/testing/index.ts'),
    '^@academy/catalogue/testing$': path.join(root, 'services/catalogue/src/testing/index.ts'),
    '^@academy/infra$': path.join(root, 'infra/src/index.ts'),
    '^@academy/infra/browser$': path.join(root, 'infra/src/testing/browser/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          // Keeps `with { type: 'json' }` on translation imports (jest refuses JSON imports without it).
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
};
