import { PARENT_MESSAGE_MAX_LENGTH, parentThreadsPostRoute, parentThreadsThreadRoute, type ChildCourseProgress } from '@academy/contracts';
import {
  callApi,
  errorMessage,
  queryKeys,
  toLoadable,
  translateMessage,
  useApi,
  useFormat,
  useQuery,
  useQueryClient,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

/** The form's check, in the language shown (the server checks the length and the rest). */
const parentMessageSchema = (t: TFunction) => z.object({ text: z.string().refine((text) => text.trim() !== '', t('parents.ask.writeMessage')) });
type ParentMessageValues = z.infer<ReturnType<typeof parentMessageSchema>>;

/**
 * A parent writes to the educator of a course the child takes: one conversation per child and course. The educator
 * answers from their inbox; each side is told of a new message in the bell and by email.
 */
export function AskTheEducator({ childId, childName, courses }: { childId: string; childName: string; courses: ChildCourseProgress[] }) {
  const { t } = useTranslation('learner');
  const id = useId();
  const [courseId, setCourseId] = useState(courses[0]?.courseId ?? '');
  if (courses.length === 0) return null;
  const course = courses.find((entry) => entry.courseId === courseId) ?? courses[0]!;
  return (
    <section className="parents__card parents__ask" id="ask-the-educator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('parents.ask.title')}</h2>
      <p>{t('parents.ask.intro', { name: childName })}</p>
      {courses.length > 1 && (
        <label className="parents__ask-course">
          {t('parents.ask.course')}
          <select value={course.courseId} onChange={(event) => setCourseId(event.target.value)}>
            {courses.map((entry) => (
              <option key={entry.courseId} value={entry.courseId}>
                {entry.courseTitle}
              </option>
            ))}
          </select>
        </label>
      )}
      <Conversation key={course.courseId} childId={childId} course={course} />
    </section>
  );
}

function Conversation({ childId, course }: { childId: string; course: ChildCourseProgress }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<ParentMessageValues>({
    defaultValues: { text: '' },
    resolver: zodResolver(parentMessageSchema(t)),
  });
  const [sent, setSent] = useState('');
  const busy = formState.isSubmitting;
  const problem = formState.errors.text?.message ?? '';
  const key = queryKeys.parents.thread(childId, course.courseId);
  const threadQuery = useQuery({
    queryKey: key,
    queryFn: async () => (await callApi(api, parentThreadsThreadRoute, { params: { childId, courseId: course.courseId } })).thread,
    meta: { errorToast: false },
  });
  const thread = toLoadable(threadQuery);
  const send = handleSubmit(
    async ({ text }) => {
      setSent('');
      try {
        const answer = await callApi(api, parentThreadsPostRoute, { params: { childId, courseId: course.courseId }, body: { text } });
        queryClient.setQueryData(key, answer.thread);
        reset();
        setSent(translateMessage(answer.message));
      } catch (failure) {
        setError('text', { message: errorMessage(failure) });
      }
    },
    () => setSent(''),
  );
  const textField = register('text');
  if (thread.status === 'error') return <ErrorPanel message={thread.message} onRetry={thread.reload} />;
  if (thread.status === 'loading') return <LoadingView label={t('parents.ask.loading')} />;
  return (
    <>
      {thread.data.messages.length === 0 ? (
        <p>{t('parents.ask.noMessages', { title: course.courseTitle })}</p>
      ) : (
        <ol className="parents__thread" aria-label={t('parents.ask.messagesAbout', { title: course.courseTitle })}>
          {thread.data.messages.map((message) => (
            <li key={message.id} className={`parents__message parents__message--${message.from}`}>
              <p className="parents__message-meta">
                {message.from === 'parent' ? t('parents.ask.you') : t('parents.ask.educatorName', { name: message.authorName || course.educatorName })} ·{' '}
                {format.date(message.sentAt)}
              </p>
              <p className="parents__message-text">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void (busy ? event.preventDefault() : send(event))} noValidate className="parents__ask-form">
        <label htmlFor={`${id}-text`}>{course.educatorName ? t('parents.ask.messageTo', { name: course.educatorName }) : t('parents.ask.messageToEducator')}</label>
        <textarea
          id={`${id}-text`}
          rows={4}
          maxLength={PARENT_MESSAGE_MAX_LENGTH}
          {...textField}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-problem`}
        />
        <p id={`${id}-problem`} className="parents__field-error" aria-live="assertive">
          {problem}
        </p>
        <p className="parents__sent" role="status">
          {sent}
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('parents.ask.sending') : t('parents.ask.send')}
        </button>
      </form>
    </>
  );
}
