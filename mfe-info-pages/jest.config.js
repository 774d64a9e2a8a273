import { webPreset } from '../tools/jest/web-preset.js';

export default { ...webPreset, rootDir: import.meta.dirname, displayName: 'mfe-info-pages' };
