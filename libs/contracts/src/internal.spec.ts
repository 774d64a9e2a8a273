import { enrolmentRequestSchema } from './internal.js';

const valid = { purchaseId: '6f1c1c86-8f55-4c8e-9a57-0d3f0f0a1b2c', userId: 'sandbox|student-aarav', courseId: '10000000-0000-4000-8000-001700000000' };

describe('enrolmentRequestSchema', () => {
  it('accepts a purchase, a learner and a course, with optional profile fields', () => {
    expect(enrolmentRequestSchema.parse({ ...valid, name: 'Aarav Sharma' })).toEqual({ ...valid, name: 'Aarav Sharma' });
  });

  it.each([
    ['purchaseId', { ...valid, purchaseId: 'p-1' }, 'purchaseId must be a valid purchase id'],
    ['userId', { ...valid, userId: '' }, 'userId is required'],
    ['courseId', { ...valid, courseId: 'course' }, 'courseId must be a valid course id'],
  ])('refuses a bad %s with a message naming it', (_field, body, message) => {
    const result = enrolmentRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
