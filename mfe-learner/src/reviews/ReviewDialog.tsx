import { REVIEW_TEXT_MAX } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
import { ModalDialog, Stars } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * Writing or editing the learner's review (WAI-ARIA modal dialog, focus kept inside, Escape closes): stars and text,
 * prefilled with the saved review. The stars are the learner's rating of the course.
 */
export function ReviewDialog({ courseId, courseTitle, rating: initialRating, onSaved, onClose }: ReviewDialogProps) {
  const { t } = useTranslation('learner');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const textId = useId();
  const countId = useId();
  const [rating, setRating] = useState(initialRating);
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchMyReview(api, courseId).then(
      (review) => {
        if (!current) return;
        if (review) {
          setRating(review.rating);
          setText(review.text);
        }
        setLoaded(true);
      },
      (failure: unknown) => current && (setError(errorMessage(failure)), setLoaded(true)),
    );
    return () => {
      current = false;
    };
  }, [api, courseId]);

  const save = async () => {
    if (busy) return;
    if (rating < 1) return setError(t('reviews.dialog.chooseRating'));
    if (text.trim() === '') return setError(t('reviews.dialog.writeWords'));
    setBusy(true);
    setError(null);
    try {
      toast.success(await writeReview(api, courseId, rating, text));
      // The course page's average, histogram and reviews, and the learner's own rating on their courses.
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.detail(courseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.learner.enrolledCourses() });
      onSaved(rating);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog title={t('reviews.dialog.title', { course: courseTitle })} size="wide" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className="review-dialog__field">
          <span>{t('reviews.dialog.yourRating')}</span>
          <Stars rating={rating} onChange={setRating} label={t('reviews.dialog.yourRating')} />
        </div>
        <div className="review-dialog__field">
          <label htmlFor={textId}>{t('reviews.dialog.yourReview')}</label>
          <textarea
            id={textId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={REVIEW_TEXT_MAX}
            rows={6}
            aria-describedby={countId}
            disabled={!loaded}
          />
          <span id={countId} className="review__helpful-count">
            {t('reviews.dialog.characters', { length: text.length, max: REVIEW_TEXT_MAX })}
          </span>
        </div>
        {error && (
          <p role="alert" className="modal-dialog__error">
            {error}
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
