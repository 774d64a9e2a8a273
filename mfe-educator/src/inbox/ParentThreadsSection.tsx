import { educatorParentThreadsAnswerRoute, educatorParentThreadsListRoute, PARENT_MESSAGE_MAX_LENGTH, type ParentThread } from '@academy/contracts';
import {
  callApi,
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useFormat,
  useQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/** The inbox's messages from parents: one conversation per parent, child and course, answered in place. */
export function ParentThreadsSection() {
  const { t } = useTranslation('educator');
  const api = useApi();
  const headingId = useId();
  const threadsQuery = useQuery({
    queryKey: queryKeys.educator.parentThreads(),
    queryFn: async () => (await callApi(api, educatorParentThreadsListRoute)).threads,
    meta: { errorToast: false },
  });
  const threads = toLoadable(threadsQuery);
  return (
    <section className="inbox__section" id="parent-threads" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('inbox.parents.title')}</h2>
      {threads.status === 'error' ? (
        <ErrorPanel message={threads.message} onRetry={threads.reload} />
      ) : threads.status === 'loading' ? (
        <LoadingView label={t('inbox.parents.loading')} />
      ) : threads.data.length === 0 ? (
        <p role="status">{t('inbox.parents.none')}</p>
      ) : (
        <ul className="inbox__list" aria-label={t('inbox.parents.title')}>
          {threads.data.map((thread) => (
            <ThreadItem key={thread.id} thread={thread} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** An answer must say something (the locale's message, named here by its key); the length is the field's limit. */
const answerFormSchema = z.object({ text: z.string().refine((typed) => typed.trim() !== '', 'writeAnswer') });
type AnswerFields = z.infer<typeof answerFormSchema>;

function ThreadItem({ thread }: { thread: ParentThread }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AnswerFields>({ defaultValues: { text: '' }, resolver: zodResolver(answerFormSchema) });
  const textField = register('text'); // before the JSX: a field name, not text
  // One place for the reader's problem, empty or the server's refusal, as before.
  const problem = errors.text ? t('inbox.parents.writeAnswer') : (errors.root?.message ?? '');
  const title = t('inbox.parents.threadTitle', {
    parent: thread.parentName || t('inbox.parents.aParent'),
    child: thread.childName || t('inbox.parents.aLearner'),
    course: thread.courseTitle,
  });
  const send = async ({ text }: AnswerFields) => {
    try {
      await callApi(api, educatorParentThreadsAnswerRoute, { params: { threadId: thread.id! }, body: { text } });
      reset();
      toast.success(t('inbox.parents.sent'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.parentThreads() });
    } catch (failure) {
      setError('root', { message: errorMessage(failure) });
    }
  };
  return (
    <li className="inbox__item">
      <article aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="inbox__thread-title">
          {title}
        </h3>
        <ol className="inbox__thread" aria-label={t('inbox.parents.messages', { title })}>
          {thread.messages.map((message) => (
            <li key={message.id} className={`inbox__message inbox__message--${message.from}`}>
              <p className="inbox__message-meta">
                {message.from === 'educator' ? t('inbox.parents.you') : message.authorName || t('inbox.parents.parent')} · {format.date(message.sentAt)}
              </p>
              <p className="inbox__message-text">{message.text}</p>
            </li>
          ))}
        </ol>
        <form onSubmit={(event) => void handleSubmit(send)(event)} noValidate>
          <label htmlFor={`${id}-answer`}>{t('inbox.yourAnswer')}</label>
          <textarea
            id={`${id}-answer`}
            maxLength={PARENT_MESSAGE_MAX_LENGTH}
            rows={3}
            {...textField}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-problem`}
          />
          <p id={`${id}-problem`} className="inbox__problem" aria-live="assertive">
            {problem}
          </p>
          <button type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? t('inbox.parents.sending') : t('inbox.parents.send')}
            <span className="visually-hidden"> {t('inbox.parents.sendTo', { name: thread.parentName || t('inbox.parents.theParent') })}</span>
          </button>
        </form>
      </article>
    </li>
  );
}
