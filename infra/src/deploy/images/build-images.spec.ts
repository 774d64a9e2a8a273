import { describe, expect, it } from '@jest/globals';
import { parseSize } from './build-images.js';

describe("buildah's image sizes", () => {
  it('reads the decimal units buildah prints', () => {
    expect(parseSize('307 MB')).toBe(307e6);
    expect(parseSize('76.5 MB')).toBe(76.5e6);
    expect(parseSize('1.2 GB')).toBe(1.2e9);
    expect(parseSize('512 kB')).toBe(512e3);
    expect(parseSize(1234)).toBe(1234);
    expect(() => parseSize('big')).toThrow('unexpected image size "big"');
  });
});
