import { REVIEW_TEXT_MAX } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ModalDialog, Stars } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { fetchMyReview, writeReview } from './reviewsApi';
import './CourseReviews.css';

export interface ReviewDialogProps {
  courseId: string;
  courseTitle: string;
  /** The learner's current rating (0 when none), shown until their saved review arrives. */
  rating: number;
  /** After a save, with the rating now stored. */
  onSaved(rating: number): void;
  onClose(): void;
}

/** The form's own checks, in the language shown (the server then checks the contract's schema). */
const reviewFormSchema = (t: TFunction) =>
  z.object({
    rating: z.number().min(1, t('reviews.dialog.chooseRating')),
    text: z.string().refine((text) => text.trim() !== '', t('reviews.dialog.writeWords')),
  });
type ReviewFormValues = z.infer<ReturnType<typeof reviewFormSchema>>;

/**
 * Writing or editing the learner's review (WAI-ARIA modal dialog, focus kept inside, Escape closes): stars and text,
 * prefilled with the saved review. The stars are the learner's rating of the course.
 */
export function ReviewDialog({ courseId, courseTitle, rating: initialRating, onSaved, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('learner');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const myReviewQuery = useQuery({
    queryKey: [...queryKeys.catalogue.detail(courseId), 'my-review'],
    queryFn: () => fetchMyReview(api, courseId),
    // Shown in the dialog, not as a toast; the dialog still lets the learner write.
    meta: { errorToast: false },
  });
  const myReview = toLoadable(myReviewQuery);
  const loaded = myReview.status !== 'loading';
  const savedReview = myReview.status === 'ready' ? myReview.data : null;
  const { control, register, handleSubmit, watch, setError, formState } = useForm<ReviewFormValues>({
    defaultValues: { rating: initialRating, text: '' },
    // The saved review fills the form once it arrives; what the learner already changed stays.
    values: savedReview ? { rating: savedReview.rating, text: savedReview.text } : undefined,
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(reviewFormSchema(t)),
  });
  const { errors, isSubmitting } = formState;
  const busy = isSubmitting;

  const save = handleSubmit(async ({ rating, text }) => {
    try {
      toast.success(await writeReview(api, courseId, rating, text));
      // The course page's average, histogram and reviews, and the learner's own rating on their courses.
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(courseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.learner.enrolledCourses() });
      onSaved(rating);
      onClose();
    } catch (failure) {
      setError('root.server', { message: errorMessage(failure) });
    }
  });

  const ratingErrorId = `${id}-rating-error`;
  const textErrorId = `${id}-text-error`;
  const ratingError = errors.rating?.message;
  const textError = errors.text?.message;
  const formError = errors.root?.server?.message ?? (myReview.status === 'error' && formState.submitCount === 0 ? myReview.message : undefined);
  const length = watch('text').length;
  const textField = register('text');
  return (
    <ModalDialog title={t('reviews.dialog.title', { course: courseTitle })} size="wide" onClose={onClose}>
      <form noValidate onSubmit={(event) => void (busy || !loaded ? event.preventDefault() : save(event))}>
        <div className="review-dialog__field">
          <span>{t('reviews.dialog.yourRating')}</span>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => <Stars rating={field.value} onChange={field.onChange} label={t('reviews.dialog.yourRating')} errorId={ratingError ? ratingErrorId : undefined} />}
          />
          {ratingError && (
            <p id={ratingErrorId} role="alert" className="modal-dialog__error">
              {ratingError}
            </p>
          )}
        </div>
        <div className="review-dialog__field">
          <label htmlFor={`${id}-text`}>{t('reviews.dialog.yourReview')}</label>
          <textarea
            id={`${id}-text`}
            {...textField}
            maxLength={REVIEW_TEXT_MAX}
            rows={6}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${id}-count ${textErrorId}` : `${id}-count`}
            disabled={!loaded}
          />
          <span id={`${id}-count`} className="review__helpful-count">
            {t('reviews.dialog.characters', { length, max: REVIEW_TEXT_MAX })}
          </span>
          {textError && (
            <p id={textErrorId} role="alert" className="modal-dialog__error">
              {textError}
            </p>
          )}
        </div>
        {formError && (
          <p role="alert" className="modal-dialog__error">
            {formError}
          </p>
        )}
        <div className="modal-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('reviews.dialog.cancel')}
          </button>
          <button type="submit" className="button" aria-disabled={busy || !loaded || undefined}>
            {busy ? t('reviews.dialog.publishing') : t('reviews.dialog.publish')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
