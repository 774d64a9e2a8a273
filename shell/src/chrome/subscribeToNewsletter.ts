import type { RuntimeConfig } from '@academy/platform';
import i18next from 'i18next';

/**
 * Posts a newsletter sign-up to the form-submission service of the runtime config, with its form key. The
 * service answers `{ success, message }`; a refusal is thrown with its message so the caller can show it.
 */
export async function subscribeToNewsletter(forms: RuntimeConfig['forms'], email: string): Promise<void> {
  const response = await fetch(forms.newsletterUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, access_key: forms.newsletterKey }),
  });
  const body = await readJson(response);
  if (!response.ok || body?.success === false) {
    throw new Error(
      typeof body?.message === 'string' && body.message
        ? body.message
        : i18next.t('shell:chrome.newsletter.failed', { status: response.status }),
    );
  }
}

async function readJson(response: Response): Promise<{ success?: unknown; message?: unknown } | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : null;
  } catch {
    return null;
  }
}
