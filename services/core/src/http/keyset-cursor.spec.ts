import { describe, expect, it } from '@jest/globals';
import { escapeLikePattern } from './keyset-cursor.js';

describe('escapeLikePattern', () => {
  it.each([
    ['math', 'math'],
    ['100%', '100\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ["' OR 1=1 --", "' OR 1=1 --"],
  ])('%j → %j', (text, expected) => expect(escapeLikePattern(text)).toBe(expected));
});
