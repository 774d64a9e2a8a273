import { webPreset } from '../../tools/jest/web-preset.js';

export default { ...webPreset, displayName: 'platform' };
