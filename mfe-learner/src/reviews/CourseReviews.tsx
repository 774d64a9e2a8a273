import { STAR_COUNT, type CourseReview, type RatingHistogram, type ReviewSort } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useCurrentUser,
  useFormat,
  useInfiniteQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { Stars } from '@academy/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { fetchCourseReviews, replyToReview, reportReview, setReviewHidden, voteReviewHelpful } from './reviewsApi';
import './CourseReviews.css';

// Only an educator replying needs the form (and its form libraries): not every visitor of the course page.
const ReplyForm = lazy(() => import('./ReviewReplyForm').then((module) => ({ default: module.ReviewReplyForm })));

/** Under the course's detail key, so refreshing the course (a new rating) refreshes its reviews too. */
export const courseReviewsKey = (courseId: string, sort?: ReviewSort) =>
  sort ? ([...queryKeys.catalogue.detail(courseId), 'reviews', sort] as const) : ([...queryKeys.catalogue.detail(courseId), 'reviews'] as const);

/** The sort orders, in the order the select offers them. */
const SORTS: readonly ReviewSort[] = ['newest', 'helpful'];

/**
 * The course page's reviews: the rating histogram, then reviews newest or most helpful first, a page at a time
 * ("More reviews" follows the server's cursor). Signed-in readers vote helpful and report; the course's educator
 * replies and hides.
 */
export function CourseReviews({ courseId }: { courseId: string }) {
  const { t } = useTranslation('learner');
  const sortLabels: Record<ReviewSort, string> = { newest: t('reviews.sort.newest'), helpful: t('reviews.sort.helpful') };
  const api = useApi();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const sortId = useId();
  const reviewsQuery = useInfiniteQuery({
    queryKey: courseReviewsKey(courseId, sort),
    queryFn: ({ pageParam }) => fetchCourseReviews(api, courseId, sort, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  // The pages read as one value: the first page's histogram and who is reading, and every review so far.
  const pages = reviewsQuery.data?.pages;
  const reviews = toLoadable({ isError: reviewsQuery.isError, error: reviewsQuery.error, refetch: reviewsQuery.refetch, data: pages?.[0] && { first: pages[0], items: pages.flatMap((page) => page.reviews) } });
  const first = reviews.status === 'ready' ? reviews.data.first : undefined;
  const items = reviews.status === 'ready' ? reviews.data.items : [];

  return (
    <section className="course-reviews" aria-labelledby="course-reviews-title">
      <h2 id="course-reviews-title">{t('reviews.title')}</h2>
      {/* Holds the height of the histogram and sort row that replace it, so the page below does not jump (CLS). */}
      {reviews.status === 'loading' && <p className="course-reviews__loading">{t('reviews.loading')}</p>}
      {reviews.status === 'error' && (
        <p role="alert">
          {t('reviews.loadFailed', { reason: reviews.message })}{' '}
          <button type="button" className="button button--secondary" onClick={reviews.reload}>
            {t('reviews.tryAgain')}
          </button>
        </p>
      )}
      {first && <RatingHistogramView histogram={first.histogram} />}
      {first && (
        <div className="course-reviews__sort">
          <label htmlFor={sortId}>{t('reviews.sortLabel')}</label>
          <select id={sortId} value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
            {SORTS.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
        </div>
      )}
      {first && items.length === 0 && <p>{t('reviews.noneYet')}</p>}
      {items.length > 0 && (
        <ul className="course-reviews__list">
          {items.map((review) => (
            <li key={review._id}>
              <ReviewItem review={review} courseId={courseId} isEducator={first?.isEducator ?? false} />
            </li>
          ))}
        </ul>
      )}
      {reviewsQuery.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={reviewsQuery.isFetchingNextPage || undefined}
          onClick={() => {
            if (!reviewsQuery.isFetchingNextPage) void reviewsQuery.fetchNextPage();
          }}
        >
          {reviewsQuery.isFetchingNextPage ? t('reviews.loading') : t('reviews.more')}
        </button>
      )}
    </section>
  );
}

/** 5★ to 1★ with how many learners gave each; bars are decoration, the counts are the text. */
export function RatingHistogramView({ histogram }: { histogram: RatingHistogram }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const stars = Array.from({ length: STAR_COUNT }, (_, index) => STAR_COUNT - index);
  const total = stars.reduce((sum, star) => sum + histogram[String(star) as keyof RatingHistogram], 0);
  return (
    <div className="rating-histogram">
      <h3 className="rating-histogram__title">{t('reviews.histogramTitle', { ratings: t('reviews.ratingCount', { count: total, formatted: format.count(total) }) })}</h3>
      <ul className="rating-histogram__rows">
        {stars.map((star) => {
          const count = histogram[String(star) as keyof RatingHistogram];
          return (
            <li key={star} className="rating-histogram__row">
              <span className="rating-histogram__label">{t('reviews.starLabel', { star })}</span>
              <span className="rating-histogram__bar" aria-hidden="true">
                <span style={{ width: `${total > 0 ? (count / total) * 100 : 0}%` }} />
              </span>
              <span className="rating-histogram__count">
                {format.count(count)}
                <span className="visually-hidden">{t('reviews.ofStars', { count: star })}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewItem({ review, courseId, isEducator }: { review: CourseReview; courseId: string; isEducator: boolean }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { isAuthenticated } = useCurrentUser();
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<string>) => {
    if (busy) return;
    setBusy(true);
    try {
      toast.success(await action());
      await queryClient.invalidateQueries({ queryKey: courseReviewsKey(courseId) });
      setReplying(false);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const canReact = isAuthenticated && !review.isMine && !review.hidden;

  return (
    <article className={review.hidden ? 'review review--hidden' : 'review'} aria-label={t('reviews.reviewBy', { name: review.userName })}>
      <header className="review__header">
        <strong className="review__author">{review.userName}</strong>
        <Stars rating={review.rating} />
        <span className="review__date">{format.date(review.createdAt)}</span>
        {review.hidden && <span className="review__hidden-tag">{t('reviews.hiddenFromLearners')}</span>}
      </header>
      <p className="review__text">{review.text}</p>
      <p className="review__helpful-count">{t('reviews.foundHelpful', { count: review.helpfulCount, formatted: format.count(review.helpfulCount) })}</p>
      <div className="review__actions">
        {canReact && (
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={review.votedHelpful}
            aria-disabled={review.votedHelpful || busy || undefined}
            onClick={() => !review.votedHelpful && void act(() => voteReviewHelpful(api, review._id))}
          >
            {t('reviews.helpful')}
          </button>
        )}
        {canReact && !isEducator && (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={review.reported || busy || undefined}
            onClick={() => !review.reported && void act(() => reportReview(api, review._id))}
          >
            {review.reported ? t('reviews.reported') : t('reviews.report')}
          </button>
        )}
        {isEducator && !replying && (
          <button type="button" className="button button--secondary" onClick={() => setReplying(true)}>
            {review.reply ? t('reviews.editReply') : t('reviews.reply')}
          </button>
        )}
        {isEducator && (
          <button type="button" className="button button--secondary" onClick={() => void act(() => setReviewHidden(api, review._id, !review.hidden))}>
            {review.hidden ? t('reviews.showReview') : t('reviews.hideReview')}
          </button>
        )}
      </div>
      {review.reply && !replying && (
        <div className="review__reply">
          <p className="review__reply-author">{t('reviews.replyFrom', { name: review.reply.educatorName })}</p>
          <p className="review__text">{review.reply.text}</p>
        </div>
      )}
      {replying && (
        <Suspense fallback={null}>
          <ReplyForm
            initialText={review.reply?.text ?? ''}
            reviewerName={review.userName}
            busy={busy}
            onCancel={() => setReplying(false)}
            onSubmit={(text) => void act(() => replyToReview(api, review._id, text, review.reply !== null))}
          />
        </Suspense>
      )}
    </article>
  );
}
