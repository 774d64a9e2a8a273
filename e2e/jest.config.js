import { nodePreset } from '../tools/jest/node-preset.js';

// Browser journeys share one portal started in globalSetup; they run one at a time.
export default {
  ...nodePreset,
  rootDir: import.meta.dirname,
  displayName: 'e2e',
  testMatch: ['<rootDir>/journeys/**/*.spec.ts'],
  globalSetup: '<rootDir>/support/global-setup.ts',
  globalTeardown: '<rootDir>/support/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/support/browser-guard.ts'],
  testTimeout: 120_000,
  maxWorkers: 1,
};
