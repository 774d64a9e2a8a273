// The newsletter form's check, loaded when the reader first uses the form: zod stays off the first page.
export { newsletterFormSchema } from '@academy/contracts';
