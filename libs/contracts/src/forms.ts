// Client-side rules of the newsletter and contact forms (spec section 5), with their exact messages.

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** Newsletter: any address shaped like local@domain.tld. */
export const NEWSLETTER_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Contact: the top-level part must be 2 to 4 letters. */
export const CONTACT_EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

export interface NewsletterForm {
  email: string;
}

export function validateNewsletterForm(values: NewsletterForm): FieldErrors<keyof NewsletterForm> {
  const email = values.email.trim();
  if (!email) return { email: 'Email is required.' };
  if (!NEWSLETTER_EMAIL.test(email)) return { email: 'Invalid email format.' };
  return {};
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export function validateContactForm(values: ContactForm): FieldErrors<keyof ContactForm> {
  const errors: FieldErrors<keyof ContactForm> = {};
  if (!values.name.trim()) errors.name = 'Name is required.';
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required.';
  else if (!CONTACT_EMAIL.test(email)) errors.email = 'Invalid email format.';
  if (!values.subject.trim()) errors.subject = 'Subject is required.';
  if (!values.message.trim()) errors.message = 'Message is required.';
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
