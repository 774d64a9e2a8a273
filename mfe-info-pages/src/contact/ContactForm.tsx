import { ChangeEvent, FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ContactForm as ContactFormValues, FieldErrors, hasErrors, validateContactForm } from '@academy/contracts';
import { errorMessage, useRuntimeConfig, useToast } from '@academy/platform';
import { sendContactMessage } from './sendContactMessage.js';

type Field = keyof ContactFormValues;

const fields: readonly { name: Field; label: string; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
  { name: 'name', label: 'Full Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text' },
  { name: 'message', label: 'Message', type: 'textarea' },
];

const emptyForm: ContactFormValues = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { forms } = useRuntimeConfig();
  const toast = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState<ContactFormValues>(emptyForm);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as Field;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    // Clear a field's error once its value changes; the next submit checks again.
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateContactForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      const firstInvalid = fields.find((field) => found[field.name]);
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid?.name}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await sendContactMessage(forms, {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      });
      setValues(emptyForm);
      navigate('/success');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={submit} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">Send us a message</h2>
      {fields.map((field) => {
        const inputId = `contact-${field.name}`;
        const errorId = `${inputId}-error`;
        const error = errors[field.name];
        const shared = {
          id: inputId,
          name: field.name,
          value: values[field.name],
          onChange: update,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          required: true,
        };
        return (
          <div key={field.name} className="contact-form__field">
            <label htmlFor={inputId}>{field.label}</label>
            {field.type === 'textarea' ? (
              <textarea {...shared} rows={5} />
            ) : (
              <input {...shared} type={field.type} autoComplete={field.autoComplete} />
            )}
            {error && (
              <p id={errorId} className="contact-form__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button contact-form__submit" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
