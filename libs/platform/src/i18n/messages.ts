import i18next from 'i18next';
import { loadDeferredNamespaces, registerTranslations } from './i18n';
import hindiMessages from './messages/hi.json?url';

/**
 * The services answer in English (`message` of an API answer, the contracts' validation messages). The `messages`
 * namespace translates those sentences, keyed by their exact English text: toasts, error panels and form errors
 * pass what they show through translateMessage. English needs no file; text it does not know (or text already
 * translated) is shown as it is.
 */
export const MESSAGES_NAMESPACE = 'messages';

// English has no file: its messages are their keys. Shown after something happens (a toast, a form error): never
// part of a first render.
registerTranslations(MESSAGES_NAMESPACE, { en: null, hi: hindiMessages }, { afterInteraction: true });

export function translateMessage(message: string): string {
  if (!message || !i18next.isInitialized) return message;
  // Asked for before any interaction (an error on arrival): fetch them now; the components showing it re-render
  // when they arrive (react option bindI18nStore).
  if (!i18next.hasLoadedNamespace(MESSAGES_NAMESPACE)) loadDeferredNamespaces();
  return i18next.t(message, { ns: MESSAGES_NAMESPACE, keySeparator: false, nsSeparator: false, defaultValue: message });
}
