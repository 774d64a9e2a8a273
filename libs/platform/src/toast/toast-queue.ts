// Toasts without notistack on the first page: a toast asked for before the toast library has loaded waits here,
// the library loads on that first toast (ToastHost), and takes the waiting ones when it connects.
import { translateMessage } from '../i18n/messages';

/** Toasts appear top-right and close after this long (the product's rule for every notice). */
export const TOAST_AUTO_HIDE_MS = 5000;

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
type Enqueue = (message: string, variant: ToastVariant) => void;

let enqueue: Enqueue | null = null;
const waiting: { message: string; variant: ToastVariant }[] = [];
const firstToastListeners = new Set<() => void>();

export function showToast(englishOrTranslated: string, variant: ToastVariant): void {
  // A server's English answer is shown in the reader's language (text already translated passes unchanged).
  const message = translateMessage(englishOrTranslated);
  if (enqueue) {
    enqueue(message, variant);
    return;
  }
  waiting.push({ message, variant });
  for (const listener of firstToastListeners) listener();
}

/** The toast library, once loaded, shows what waited and every toast after; returns the disconnect. */
export function connectToasts(next: Enqueue): () => void {
  enqueue = next;
  for (const toast of waiting.splice(0)) next(toast.message, toast.variant);
  return () => {
    if (enqueue === next) enqueue = null;
  };
}

/** Called when a toast is asked for with no library connected (at once if one already waits). */
export function onToastWanted(listener: () => void): () => void {
  firstToastListeners.add(listener);
  if (waiting.length > 0) listener();
  return () => firstToastListeners.delete(listener);
}
