import { formatFileSize, type InboxSubmission } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useFormat, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAwaitingReview, reviewSubmission } from '../assignments/assignmentsApi';

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
  });
  const waiting = submissions.data?.pages.flatMap((page) => page.submissions) ?? [];
  return (
    <section className="inbox__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('inbox.submissions.title')}</h2>
      {submissions.isError ? (
        <ErrorPanel message={errorMessage(submissions.error)} onRetry={() => void submissions.refetch()} />
      ) : submissions.isLoading ? (
        <LoadingView label={t('inbox.submissions.loading')} />
      ) : waiting.length === 0 ? (
        <p role="status">{t('inbox.submissions.none')}</p>
      ) : (
        <ul className="inbox__list" aria-label={t('inbox.submissions.title')}>
          {waiting.map((submission) => (
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

function SubmissionItem({ submission }: { submission: InboxSubmission }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [marks, setMarks] = useState('');
  const [feedback, setFeedback] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(marks);
    if (marks.trim() === '' || !Number.isInteger(value) || value < 0 || value > submission.maxMarks) return setProblem(t('inbox.submissions.marksRange', { max: submission.maxMarks }));
    if (!feedback.trim()) return setProblem(t('inbox.submissions.writeFeedback'));
    setProblem(null);
    setBusy(true);
    try {
      toast.success(await reviewSubmission(api, submission, { marks: value, feedback }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.educator.submissions() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(submission.courseId) });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
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
        <form className="inbox__answer" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-marks`}>{t('inbox.submissions.marks', { max: submission.maxMarks })}</label>
          <input id={`${id}-marks`} type="number" min={0} max={submission.maxMarks} step={1} value={marks} onChange={(event) => setMarks(event.target.value)} />
          <label htmlFor={`${id}-feedback`}>{t('inbox.submissions.feedback')}</label>
          <textarea id={`${id}-feedback`} rows={3} maxLength={4000} value={feedback} onChange={(event) => setFeedback(event.target.value)} />
          {problem && (
            <p className="inbox__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="inbox__actions">
            <button type="submit" className="button" disabled={busy}>
              {t('inbox.submissions.send')}
              <span className="visually-hidden"> {t('inbox.submissions.sendOf', { name: submission.learnerName })}</span>
            </button>
          </div>
        </form>
      </article>
    </li>
  );
}
