import { nodePreset } from '../tools/jest/node-preset.js';

export default {
  ...nodePreset,
  // Real processes (PostgreSQL, redis-server) start in some tests.
  testTimeout: 120_000,
};
