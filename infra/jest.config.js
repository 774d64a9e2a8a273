import { nodePreset } from '../tools/jest/node-preset.js';

export default {
  ...nodePreset,
  // Real processes (PostgreSQL, redis-server) start in some tests.
  testTimeout: 120_000,
  // The production-like run has its own command: `npm run test:deploy` (jest.deploy.config.js).
  testPathIgnorePatterns: ['/node_modules/', '\\.deploy\\.spec\\.ts$'],
};
