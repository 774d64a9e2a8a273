import { describe, expect, it } from '@jest/globals';
import { hasErrors, validateContactForm, validateNewsletterForm } from './forms.js';

describe('validateNewsletterForm', () => {
  it.each([
    ['', { email: 'Email is required.' }],
    ['   ', { email: 'Email is required.' }],
    ['not-an-email', { email: 'Invalid email format.' }],
    ['a@b', { email: 'Invalid email format.' }],
    ['learner@school.example', {}],
    ['  learner@school.in  ', {}],
  ])('%p → %p', (email, errors) => expect(validateNewsletterForm({ email })).toEqual(errors));
});

describe('validateContactForm', () => {
  const valid = { name: 'Riya', email: 'riya@mail.com', subject: 'Fees', message: 'Hello' };

  it('accepts a complete message', () => {
    expect(validateContactForm(valid)).toEqual({});
    expect(hasErrors(validateContactForm(valid))).toBe(false);
  });

  it('reports every empty field, trimmed, with its own message', () => {
    expect(validateContactForm({ name: ' ', email: '', subject: '\t', message: '\n' })).toEqual({
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
    expect(validateContactForm({ ...valid, email }).email).toBe(message);
  });
});
