import { nodePreset } from '../../tools/jest/node-preset.js';

export default { ...nodePreset, rootDir: import.meta.dirname, displayName: 'commerce' };
