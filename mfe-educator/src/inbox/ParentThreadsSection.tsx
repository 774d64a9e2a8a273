import { EDUCATOR_PARENT_THREADS_PATH, formatDate, PARENT_MESSAGE_MAX_LENGTH, type ParentThread } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

/** The inbox's messages from parents: one conversation per parent, child and course, answered in place. */
export function ParentThreadsSection() {
  const api = useApi();
  const headingId = useId();
  const threads = useQuery({
    queryKey: queryKeys.educator.parentThreads(),
    queryFn: async () => (await api.get<{ threads: ParentThread[] }>(EDUCATOR_PARENT_THREADS_PATH)).threads,
    meta: { errorToast: false },
  });
  return (
    <section className="inbox__section" id="parent-threads" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages from parents</h2>
      {threads.isError ? (
        <ErrorPanel message={errorMessage(threads.error)} onRetry={() => void threads.refetch()} />
      ) : threads.isLoading ? (
        <LoadingView label="Loading messages from parents" />
      ) : (threads.data ?? []).length === 0 ? (
        <p role="status">No parent has written about your courses.</p>
      ) : (
        <ul className="inbox__list" aria-label="Messages from parents">
          {(threads.data ?? []).map((thread) => (
            <ThreadItem key={thread.id} thread={thread} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ThreadItem({ thread }: { thread: ParentThread }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const title = `${thread.parentName || 'A parent'}, parent of ${thread.childName || 'a learner'}: ${thread.courseTitle}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Write your answer');
    setProblem('');
    setBusy(true);
    try {
      await api.post(`${EDUCATOR_PARENT_THREADS_PATH}/${encodeURIComponent(thread.id!)}/messages`, { text });
      setText('');
      toast.success('Answer sent to the parent');
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.parentThreads() });
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="inbox__item">
      <article aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="inbox__thread-title">
          {title}
        </h3>
        <ol className="inbox__thread" aria-label={`Messages: ${title}`}>
          {thread.messages.map((message) => (
            <li key={message.id} className={`inbox__message inbox__message--${message.from}`}>
              <p className="inbox__message-meta">
                {message.from === 'educator' ? 'You' : message.authorName || 'Parent'} · {formatDate(message.sentAt)}
              </p>
              <p className="inbox__message-text">{message.text}</p>
            </li>
          ))}
        </ol>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-answer`}>Your answer</label>
          <textarea
            id={`${id}-answer`}
            value={text}
            maxLength={PARENT_MESSAGE_MAX_LENGTH}
            rows={3}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-problem`}
          />
          <p id={`${id}-problem`} className="inbox__problem" aria-live="assertive">
            {problem}
          </p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Sending…' : 'Send answer'}
            <span className="visually-hidden"> to {thread.parentName || 'the parent'}</span>
          </button>
        </form>
      </article>
    </li>
  );
}
