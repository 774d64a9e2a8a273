import { describe, expect, it } from '@jest/globals';
import { publicUserId } from './public-user-id.js';

describe('publicUserId', () => {
  it('is 24 hex digits, the same for one subject, different for another, and never contains the subject', () => {
    const id = publicUserId('sandbox|educator-meera');
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(publicUserId('sandbox|educator-meera')).toBe(id);
    expect(publicUserId('sandbox|educator-ravi')).not.toBe(id);
    expect(id).not.toContain('meera');
  });
});
