import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod/mini';
import { contactFormSchema, newsletterFormSchema } from './forms.js';

/** Each field's first problem, as the form shows it under the field (zodResolver keeps the first). */
function firstProblems(schema: z.ZodMiniObject, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}

describe('newsletterFormSchema', () => {
  it.each([
    ['', { email: 'Email is required.' }],
    ['   ', { email: 'Email is required.' }],
    ['not-an-email', { email: 'Invalid email format.' }],
    ['a@b', { email: 'Invalid email format.' }],
    ['learner@school.example', {}],
    ['  learner@school.in  ', {}],
  ])('%p → %p', (email, errors) => expect(firstProblems(newsletterFormSchema, { email })).toEqual(errors));

  it('gives the trimmed address', () => {
    expect(newsletterFormSchema.parse({ email: '  learner@school.in ' })).toEqual({ email: 'learner@school.in' });
  });
});

describe('contactFormSchema', () => {
  const valid = { name: 'Riya', email: 'riya@mail.com', subject: 'Fees', message: 'Hello' };

  it('accepts a complete message, trimmed', () => {
    expect(firstProblems(contactFormSchema, valid)).toEqual({});
    expect(contactFormSchema.parse({ ...valid, name: ' Riya ' }).name).toBe('Riya');
  });

  it('reports every empty field, trimmed, with its own message', () => {
    expect(firstProblems(contactFormSchema, { name: ' ', email: '', subject: '\t', message: '\n' })).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      subject: 'Subject is required.',
      message: 'Message is required.',
    });
  });

  it.each([
    ['riya@mail.c', 'Invalid email format.'],
    ['riya@mail.co', undefined],
    ['riya@mail.info', undefined],
    ['riya@mail.travel', 'Invalid email format.'],
    ['riya@mail.c0m', 'Invalid email format.'],
    ['riya mail.com', 'Invalid email format.'],
  ])('email %p → %p', (email, message) => {
    expect(firstProblems(contactFormSchema, { ...valid, email }).email).toBe(message);
  });
});
