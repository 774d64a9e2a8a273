import { describe, expect, it } from '@jest/globals';
import { addRatingRequestSchema, courseListQuerySchema, purchaseRequestSchema } from './requests.js';

const courseId = '5b0e7f5c-2f57-4c39-9f4e-3f1b2a6c9d10';

describe('request schemas', () => {
  it.each([
    [{ courseId, rating: 1 }, true],
    [{ courseId, rating: 5 }, true],
    [{ courseId, rating: 0 }, false],
    [{ courseId, rating: 6 }, false],
    [{ courseId, rating: 3.5 }, false],
    [{ courseId, rating: '4' }, false],
    [{ courseId: 'nope', rating: 4 }, false],
  ])('rating %p valid=%p', (body, valid) => {
    expect(addRatingRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('names the field in the message', () => {
    const result = purchaseRequestSchema.safeParse({ courseId: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('courseId must be a valid course id');
  });

  it('coerces and bounds list queries', () => {
    expect(courseListQuerySchema.parse({ limit: '12', search: ' math ' })).toEqual({ limit: 12, search: 'math' });
    expect(courseListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(courseListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
