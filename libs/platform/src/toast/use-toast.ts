import i18next from 'i18next';
import { showToast } from './toast-queue';
import { translateMessage } from '../i18n/messages';

export interface Toast {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

const toast: Toast = {
  success: (message) => showToast(message, 'success'),
  error: (message) => showToast(message, 'error'),
  info: (message) => showToast(message, 'info'),
  warning: (message) => showToast(message, 'warning'),
};

/** Toasts (top-right, auto-hide 5000 ms): the toast library loads with the first one (toast-host.tsx). */
export function useToast(): Toast {
  return toast;
}

/** The message to show for any caught failure: the server's message, else the exception's, in the reader's language. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return translateMessage(error.message);
  if (typeof error === 'string' && error) return translateMessage(error);
  return i18next.t('platform:errors.somethingWentWrong');
}
