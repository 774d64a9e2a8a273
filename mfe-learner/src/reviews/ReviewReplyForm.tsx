import { REVIEW_REPLY_MAX } from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@academy/platform';
import { z } from 'zod';

/** The reply's check, in the language shown (the server checks the length and the rest). */
const replyFormSchema = (t: TFunction) => z.object({ text: z.string().refine((text) => text.trim() !== '', t('reviews.writeReply')) });
type ReplyFormValues = z.infer<ReturnType<typeof replyFormSchema>>;

/** An educator's reply under a review: its own chunk, loaded when they press Reply. */
export function ReviewReplyForm(props: { initialText: string; reviewerName: string; busy: boolean; onCancel(): void; onSubmit(text: string): void }) {
  const { t } = useTranslation('learner');
  const { register, handleSubmit, formState } = useForm<ReplyFormValues>({ defaultValues: { text: props.initialText }, resolver: zodResolver(replyFormSchema(t)) });
  const fieldId = useId();
  const error = formState.errors.text?.message;
  const textField = register('text');
  const submit = handleSubmit(({ text }) => props.onSubmit(text));
  return (
    <form className="review__reply-form" noValidate onSubmit={(event) => void (props.busy ? event.preventDefault() : submit(event))}>
      <label htmlFor={fieldId}>{t('reviews.replyTo', { name: props.reviewerName })}</label>
      <textarea
        id={fieldId}
        {...textField}
        required
        maxLength={REVIEW_REPLY_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error && (
        <p id={`${fieldId}-error`} className="review__reply-error" role="alert">
          {error}
        </p>
      )}
      <div className="review__actions">
        <button type="submit" className="button" aria-disabled={props.busy || undefined}>
          {t('reviews.publishReply')}
        </button>
        <button type="button" className="button button--secondary" onClick={props.onCancel}>
          {t('reviews.cancel')}
        </button>
      </div>
    </form>
  );
}
