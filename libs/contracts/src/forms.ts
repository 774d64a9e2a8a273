// The newsletter and contact forms' rules, with their exact messages. The forms validate with
// these schemas (react-hook-form's zodResolver); the first problem of a field is the one shown under it.
// zod/mini keeps the footer's newsletter check (on every page) to the few functions it uses: classic zod cannot be
// tree-shaken and would add 25 KB to every first page.
import { z } from 'zod/mini';

/** Newsletter: any address shaped like local@domain.tld. */
export const NEWSLETTER_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Contact: the top-level part must be 2 to 4 letters. */
export const CONTACT_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

const required = (message: string) => z.string().check(z.trim(), z.minLength(1, message));

export const newsletterFormSchema = z.object({
  email: required('Email is required.').check(z.regex(NEWSLETTER_EMAIL, 'Invalid email format.')),
});
export type NewsletterForm = z.infer<typeof newsletterFormSchema>;

export const contactFormSchema = z.object({
  name: required('Name is required.'),
  email: required('Email is required.').check(z.regex(CONTACT_EMAIL, 'Invalid email format.')),
  subject: required('Subject is required.'),
  message: required('Message is required.'),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
