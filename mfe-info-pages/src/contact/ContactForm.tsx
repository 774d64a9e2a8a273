import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@academy/routing';
import { contactFormSchema, infoPaths, type ContactForm as ContactFormValues } from '@academy/contracts';
import { errorMessage, translateMessage, useRuntimeConfig, useToast, useTranslation } from '@academy/platform';
import { sendContactMessage } from './sendContactMessage.js';

type Field = keyof ContactFormValues;

const fields: readonly { name: Field; type: 'text' | 'email' | 'textarea'; autoComplete?: string }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'subject', type: 'text' },
  { name: 'message', type: 'textarea' },
];

const emptyForm: ContactFormValues = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { forms } = useRuntimeConfig();
  const { t } = useTranslation('info');
  const labels: Record<Field, string> = {
    name: t('contact.form.fullName'),
    email: t('contact.form.emailAddress'),
    subject: t('contact.form.subject'),
    message: t('contact.form.message'),
  };
  const toast = useToast();
  const navigate = useNavigate();
  // Checked on submit, then again as a field with an error changes; the first invalid field gets focus.
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({ resolver: zodResolver(contactFormSchema), defaultValues: emptyForm, shouldFocusError: true });

  const send = async (message: ContactFormValues) => {
    try {
      await sendContactMessage(forms, message);
      reset(emptyForm);
      navigate(infoPaths.success);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <form className="contact-form" noValidate onSubmit={handleSubmit(send)} aria-labelledby="contact-form-heading">
      <h2 id="contact-form-heading">{t('contact.form.heading')}</h2>
      {fields.map((field) => {
        const inputId = `contact-${field.name}`;
        const errorId = `${inputId}-error`;
        // The contract's messages are English (the service checks the same schema): shown in the reader's language.
        const englishError = errors[field.name]?.message;
        const error = englishError && translateMessage(englishError);
        const shared = {
          id: inputId,
          ...register(field.name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          required: true,
        };
        return (
          <div key={field.name} className="contact-form__field">
            <label htmlFor={inputId}>{labels[field.name]}</label>
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
      <button type="submit" className="button contact-form__submit" disabled={isSubmitting}>
        {isSubmitting ? t('contact.form.sending') : t('contact.form.send')}
      </button>
    </form>
  );
}
