import i18next from 'i18next';
import { registerTranslations } from './i18n';

/**
 * The services answer in English (`message` of an API answer, the contracts' validation messages). The `messages`
 * namespace translates those sentences, keyed by their exact English text: toasts, error panels and form errors
 * pass what they show through translateMessage. English needs no file; text it does not know (or text already
 * translated) is shown as it is.
 */
export const MESSAGES_NAMESPACE = 'messages';

registerTranslations(MESSAGES_NAMESPACE, (language) =>
  language === 'en'
    ? Promise.resolve({ default: {} })
    : import(/* webpackChunkName: "i18n-messages-[request]" */ `./messages/${language}.json`),
  // Shown after something happens (a toast, a form error), never on a first screen.
  { afterFirstRender: true },
);

export function translateMessage(message: string): string {
  if (!message || !i18next.isInitialized) return message;
  return i18next.t(message, { ns: MESSAGES_NAMESPACE, keySeparator: false, nsSeparator: false, defaultValue: message });
}
