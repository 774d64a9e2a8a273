import { nodePreset } from '../tools/jest/node-preset.js';

// `npm run test:deploy`: the production-like run through nginx (src/deploy/production-like.deploy.spec.ts).
export default {
  ...nodePreset,
  testMatch: ['<rootDir>/src/**/*.deploy.spec.ts'],
  testTimeout: 120_000,
  verbose: true,
};
