import { formatFileSize, type InboxSubmission } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useFormat,
  useInfiniteQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fetchAwaitingReview, reviewSubmission } from '../assignments/assignmentsApi';
import { FieldError, fieldAria } from '../common/FieldError';

/** The inbox's second list: hand-ins of the educator's courses waiting for review, oldest first, reviewed in place. */
export function SubmissionsSection({ courseId }: { courseId: string }) {
  const { t } = useTranslation('educator');
  const api = useApi();
  const headingId = useId();
  const submissions = useInfiniteQuery({
    queryKey: [...queryKeys.educator.submissions(), { courseId }],
    queryFn: ({ pageParam }) => fetchAwaitingReview(api, courseId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.submissions),
  });
  const waiting = toLoadable<InboxSubmission[]>(submissions);
  return (
    <section className="inbox__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('inbox.submissions.title')}</h2>
      {waiting.status === 'error' ? (
        <ErrorPanel message={waiting.message} onRetry={waiting.reload} />
      ) : waiting.status === 'loading' ? (
        <LoadingView label={t('inbox.submissions.loading')} />
      ) : waiting.data.length === 0 ? (
        <p role="status">{t('inbox.submissions.none')}</p>
      ) : (
        <ul className="inbox__list" aria-label={t('inbox.submissions.title')}>
          {waiting.data.map((submission) => (
            <SubmissionItem key={submission.id} submission={submission} />
          ))}
        </ul>
      )}
      {submissions.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={submissions.isFetchingNextPage} onClick={() => void submissions.fetchNextPage()}>
          {t('inbox.submissions.showMore')}
        </button>
      )}
    </section>
  );
}

/** The review's rules, as this form has always checked them; the messages are the locale's, named here by key. */
const reviewFormSchema = (maxMarks: number) =>
  z.object({
    marks: z
      .string()
      .trim()
      .min(1, 'marksRange')
      .transform(Number)
      .pipe(z.number().int('marksRange').min(0, 'marksRange').max(maxMarks, 'marksRange')),
    feedback: z.string().refine((typed) => typed.trim() !== '', 'writeFeedback'),
  });
type ReviewFields = z.input<ReturnType<typeof reviewFormSchema>>;
type ReviewValues = z.output<ReturnType<typeof reviewFormSchema>>;

function SubmissionItem({ submission }: { submission: InboxSubmission }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const resolver = useMemo(() => zodResolver(reviewFormSchema(submission.maxMarks)), [submission.maxMarks]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFields, unknown, ReviewValues>({ defaultValues: { marks: '', feedback: '' }, resolver });
  const id = useId();
  // Registered before the JSX: field names, not text.
  const fields = { marks: register('marks'), feedback: register('feedback') };
  const marksError = errors.marks && t('inbox.submissions.marksRange', { max: submission.maxMarks });
  const feedbackError = errors.feedback && t('inbox.submissions.writeFeedback');

  const send = async ({ marks, feedback }: ReviewValues) => {
    try {
      toast.success(await reviewSubmission(api, submission, { marks, feedback }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.educator.submissions() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(submission.courseId) });
    } catch (error) {
      setError('root', { message: errorMessage(error) });
    }
  };

  return (
    <li className="inbox__item">
      <article aria-label={t('inbox.submissions.label', { name: submission.learnerName })}>
        <p className="inbox__where">
          {[submission.courseTitle, submission.chapterTitle || t('inbox.submissions.chapterRemoved'), submission.assignmentTitle].join(' · ')}
        </p>
        <p className="inbox__meta">
          {submission.learnerName} · {t('inbox.submissions.handedIn', { date: format.date(submission.submittedAt) })}
        </p>
        {submission.file && (
          <p>
            <a href={submission.file.url} download={submission.file.name}>
              {t('inbox.submissions.download', { name: submission.file.name })}
            </a>{' '}
            ({formatFileSize(submission.file.bytes)})
          </p>
        )}
        {/* Sanitised on the server (allowlisted tags only), as doubts are. */}
        {submission.textHtml && <div className="inbox__text" dangerouslySetInnerHTML={{ __html: submission.textHtml }} />}
        <form className="inbox__answer" onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
          <label htmlFor={`${id}-marks`}>{t('inbox.submissions.marks', { max: submission.maxMarks })}</label>
          <input id={`${id}-marks`} type="number" min={0} max={submission.maxMarks} step={1} {...fields.marks} {...fieldAria(`${id}-marks`, marksError)} />
          <FieldError fieldId={`${id}-marks`} message={marksError} className="inbox__problem" alert />
          <label htmlFor={`${id}-feedback`}>{t('inbox.submissions.feedback')}</label>
          <textarea id={`${id}-feedback`} rows={3} maxLength={4000} {...fields.feedback} {...fieldAria(`${id}-feedback`, feedbackError)} />
          <FieldError fieldId={`${id}-feedback`} message={feedbackError} className="inbox__problem" alert />
          {errors.root?.message && (
            <p className="inbox__problem" role="alert">
              {errors.root.message}
            </p>
          )}
          <div className="inbox__actions">
            <button type="submit" className="button" disabled={isSubmitting}>
              {t('inbox.submissions.send')}
              <span className="visually-hidden"> {t('inbox.submissions.sendOf', { name: submission.learnerName })}</span>
            </button>
          </div>
        </form>
      </article>
    </li>
  );
}
