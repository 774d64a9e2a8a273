import type { ContactForm } from '@academy/contracts';
import type { RuntimeConfig } from '@academy/platform';
import i18next from 'i18next';

/**
 * Posts a contact message to the form-handling service named in the runtime config (by form id). Throws with
 * the service's message when it refuses, so the caller can show it.
 */
export async function sendContactMessage(forms: RuntimeConfig['forms'], message: ContactForm): Promise<void> {
  const response = await fetch(`${forms.contactUrl}/${encodeURIComponent(forms.contactFormId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new Error(await failureMessage(response));
}

async function failureMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const { message, error } = body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message) return message;
      if (typeof error === 'string' && error) return error;
    }
  } catch {
    // not JSON: fall through to the status line
  }
  return i18next.t('info:contact.form.failed', { status: response.status });
}
