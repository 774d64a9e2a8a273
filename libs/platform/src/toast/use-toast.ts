import { showToast } from './toast-queue';

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

/** The message to show for any caught failure: the server's message, else the exception's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong';
}
