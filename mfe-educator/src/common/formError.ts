import { errorMessage, translateMessage } from '@academy/platform';

const REFUSED_PREFIX = 'Invalid request: ';

/**
 * A refused form's message as the form shows it: without the server's "Invalid request: " prefix, each of its
 * "field: rule" parts in the reader's language (the services answer in English; see translateMessage).
 */
export function formErrorMessage(failure: unknown): string {
  if (!(failure instanceof Error) || !failure.message.startsWith(REFUSED_PREFIX)) return errorMessage(failure);
  return failure.message
    .slice(REFUSED_PREFIX.length)
    .split('; ')
    .map((part) => {
      const named = /^([\w.]+): (.+)$/.exec(part);
      return named ? `${named[1]}: ${translateMessage(named[2]!)}` : translateMessage(part);
    })
    .join('; ');
}
