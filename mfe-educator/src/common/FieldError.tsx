/** The id of the message shown under a field (its aria-describedby points there). */
export const fieldErrorId = (fieldId: string) => `${fieldId}-error`;

/**
 * A field's aria-invalid and aria-describedby: its hints (ids given), then its error when it has one. The error
 * itself is shown by `FieldError` with the same field id.
 */
export function fieldAria(fieldId: string, error: string | undefined, ...hintIds: string[]) {
  const describedBy = [...hintIds, ...(error ? [fieldErrorId(fieldId)] : [])].join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy || undefined };
}

/**
 * The message under a field, when there is one. `alert`: announced as it appears (a form that answers in place,
 * where the reader's focus stays on the button).
 */
export function FieldError({ fieldId, message, className = 'form-field__error', alert = false }: { fieldId: string; message: string | undefined; className?: string; alert?: boolean }) {
  if (!message) return null;
  return (
    <p id={fieldErrorId(fieldId)} className={className} role={alert ? 'alert' : undefined}>
      {message}
    </p>
  );
}
