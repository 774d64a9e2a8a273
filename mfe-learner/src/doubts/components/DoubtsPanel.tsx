import { formatVideoSecond, parseVideoSecond, type DoubtSummary } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  translateMessage,
  useApi,
  useFormat,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  actOnDoubt,
  answerDoubt,
  askDoubt,
  attachDoubtImage,
  imageProblem,
  useDoubtImage,
  useDoubtSearch,
  useDoubtThread,
  useLectureDoubts,
} from '../data/doubtsApi';
import './DoubtsPanel.css';

/** How often an open doubt's answers are fetched again while the page shows them (answers appear without a reload). */
export const OPEN_THREAD_REFRESH_MS = 10_000;
/** Pause in typing before the course search runs. */
const SEARCH_DELAY_MS = 350;

/**
 * The ask form's check, in the language shown: the time must read as a second of the video (Post stays off until
 * there is text; the server checks the rest).
 */
const askDoubtFormSchema = (t: TFunction) =>
  z.object({
    text: z.string(),
    at: z.string().refine((at) => parseVideoSecond(at) !== null, t('doubts.timeFormat')),
  });
type AskDoubtFormValues = z.infer<ReturnType<typeof askDoubtFormSchema>>;

/** An answer in a doubt's thread: Post stays off until there is text. */
const answerFormSchema = z.object({ text: z.string() });
type AnswerFormValues = z.infer<typeof answerFormSchema>;

interface DoubtsPanelProps {
  courseId: string;
  lectureId: string;
  /** Where the video is now (whole seconds), read when the learner starts writing. */
  currentSecond(): number;
  /** Plays the lecture from a doubt's second. */
  onSeek(seconds: number): void;
  /** A doubt a notification linked to (`?doubt=`): shown open, first, with its answers. */
  linkedDoubtId?: string | null;
}

/**
 * The lecture's doubts under the video: before posting, the lecture's doubts and the course's doubts like the one
 * being typed, each with "I have this doubt too"; then ask, answer, mark resolved and report.
 */
export function DoubtsPanel({ courseId, lectureId, currentSecond, onSeek, linkedDoubtId = null }: DoubtsPanelProps) {
  const { t } = useTranslation('learner-study');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const lectureQuery = useLectureDoubts(courseId, lectureId);
  // The pages read as one list.
  const lecture = toLoadable({ isError: lectureQuery.isError, error: lectureQuery.error, refetch: lectureQuery.refetch, data: lectureQuery.data?.pages.flatMap((page) => page.doubts) });
  const { register, handleSubmit, watch, getValues, setValue, resetField, formState } = useForm<AskDoubtFormValues>({
    defaultValues: { text: '', at: '0:00' },
    resolver: zodResolver(askDoubtFormSchema(t)),
  });
  const text = watch('text');
  const posting = formState.isSubmitting;
  const atError = formState.errors.at?.message;
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const searchText = useDebounced(text, SEARCH_DELAY_MS);
  const similar = useDoubtSearch(courseId, searchText);
  const formId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.doubts.all });

  const submit = handleSubmit(async (values) => {
    if (imageError) {
      toast.error(imageError);
      return;
    }
    try {
      const asked = await askDoubt(api, courseId, { lectureId, atSecond: parseVideoSecond(values.at)!, text: values.text });
      resetField('text');
      if (image) {
        try {
          await attachDoubtImage(api, courseId, asked.id, image);
          toast.success(t('doubts.postedWithImage'));
        } catch (error) {
          toast.error(t('doubts.postedWithoutImage', { reason: errorMessage(error) }));
        }
        setImage(null);
        setFileInputKey((key) => key + 1);
      } else {
        toast.success(t('doubts.posted'));
      }
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  const fields = { text: register('text'), at: register('at') };

  const linked = useDoubtThread(courseId, linkedDoubtId ?? '', false, linkedDoubtId !== null);
  const linkedDoubt = linked.status === 'ready' && linked.data.lectureId === lectureId ? linked.data : null;
  const doubts = (lecture.status === 'ready' ? lecture.data : []).filter((doubt) => doubt.id !== linkedDoubt?.id);
  const similarDoubts = searchText.trim().length >= 3 ? (similar.data?.doubts ?? []) : [];

  return (
    <section className="doubts" aria-labelledby={`${formId}-title`}>
      <h2 className="doubts__title" id={`${formId}-title`}>
        {t('doubts.title')}
      </h2>
      <form className="doubts__ask" noValidate onSubmit={(event) => void (posting ? event.preventDefault() : submit(event))}>
        <label htmlFor={`${formId}-text`}>{t('doubts.yourDoubt')}</label>
        <textarea
          id={`${formId}-text`}
          rows={3}
          maxLength={4000}
          aria-describedby={`${formId}-hint`}
          {...fields.text}
          // The time is taken from the video when the learner starts a new doubt.
          onFocus={() => {
            if (!getValues('text')) setValue('at', formatVideoSecond(currentSecond()));
          }}
        />
        <p className="doubts__hint" id={`${formId}-hint`}>
          {t('doubts.hint')}
        </p>
        <div className="doubts__image">
          <label htmlFor={`${formId}-image`}>{t('doubts.image')}</label>
          <p className="doubts__hint" id={`${formId}-image-hint`}>
            {t('doubts.imageHint')}
          </p>
          <input
            key={fileInputKey}
            id={`${formId}-image`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={`${formId}-image-hint${imageError ? ` ${formId}-image-error` : ''}`}
            aria-invalid={imageError ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setImage(chosen);
              setImageError(chosen ? imageProblem(chosen) : null);
            }}
          />
          {imageError && (
            <p className="doubts__error" id={`${formId}-image-error`} role="alert">
              {translateMessage(imageError)}
            </p>
          )}
        </div>
        <div className="doubts__ask-row">
          <label htmlFor={`${formId}-at`}>{t('doubts.timeInVideo')}</label>
          <input
            id={`${formId}-at`}
            className="doubts__at"
            inputMode="numeric"
            aria-invalid={atError ? true : undefined}
            aria-describedby={atError ? `${formId}-at-error` : undefined}
            {...fields.at}
          />
          <button type="submit" className="button" disabled={posting || !text.trim()}>
            {t('doubts.post')}
          </button>
        </div>
        {atError && (
          <p className="doubts__error" id={`${formId}-at-error`} role="alert">
            {atError}
          </p>
        )}
      </form>

      {linkedDoubt && (
        <div className="doubts__linked">
          <h3>{t('doubts.followed')}</h3>
          <ul className="doubts__list">
            <DoubtItem courseId={courseId} doubt={linkedDoubt} onSeek={onSeek} onChanged={refresh} initiallyOpen />
          </ul>
        </div>
      )}

      {similarDoubts.length > 0 && (
        <div className="doubts__similar" aria-live="polite">
          <h3>{t('doubts.similar')}</h3>
          <ul className="doubts__list">
            {similarDoubts.map((doubt) => (
              <DoubtItem key={doubt.id} courseId={courseId} doubt={doubt} onSeek={doubt.lectureId === lectureId ? onSeek : undefined} onChanged={refresh} />
            ))}
          </ul>
        </div>
      )}

      {lecture.status === 'error' ? (
        <p role="alert">{lecture.message}</p>
      ) : lecture.status === 'loading' ? (
        <p role="status">{t('doubts.loading')}</p>
      ) : doubts.length === 0 && !linkedDoubt ? (
        <p className="doubts__empty">{t('doubts.empty')}</p>
      ) : (
        <ul className="doubts__list" aria-label={t('doubts.title')}>
          {doubts.map((doubt) => (
            <DoubtItem key={doubt.id} courseId={courseId} doubt={doubt} onSeek={onSeek} onChanged={refresh} />
          ))}
        </ul>
      )}
      {lectureQuery.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={lectureQuery.isFetchingNextPage} onClick={() => void lectureQuery.fetchNextPage()}>
          {t('doubts.showMore')}
        </button>
      )}
    </section>
  );
}

interface DoubtItemProps {
  courseId: string;
  doubt: DoubtSummary;
  /** Absent for a doubt of another lecture (a search result): its time is shown, not played. */
  onSeek?: (seconds: number) => void;
  onChanged(): Promise<unknown>;
  /** Opens its answers at once (the doubt a notification linked to). */
  initiallyOpen?: boolean;
}

function DoubtItem({ courseId, doubt, onSeek, onChanged, initiallyOpen = false }: DoubtItemProps) {
  const { t } = useTranslation('learner-study');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const [open, setOpen] = useState(initiallyOpen);
  const threadId = useId();
  const time = formatVideoSecond(doubt.atSecond);

  const act = async (action: 'me-too' | 'resolve' | 'report', answerId?: string) => {
    try {
      toast.success(await actOnDoubt(api, courseId, doubt.id, action, answerId));
      await onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li className="doubt">
      <article aria-label={t('doubts.doubtBy', { name: doubt.author.name, time })}>
        <p className="doubt__meta">
          {onSeek ? (
            <button type="button" className="doubt__time" onClick={() => onSeek(doubt.atSecond)} aria-label={t('doubts.playFrom', { time })}>
              {time}
            </button>
          ) : (
            <span className="doubt__time">{time}</span>
          )}
          <span>{doubt.author.name}</span>
          <span>{format.date(doubt.createdAt)}</span>
          {doubt.resolved && <span className="doubt__badge doubt__badge--resolved">{t('doubts.resolved')}</span>}
          {doubt.educatorAnswered && <span className="doubt__badge">{t('doubts.answeredByEducator')}</span>}
          {doubt.hidden && <span className="doubt__badge doubt__badge--hidden">{t('doubts.hiddenByEducator')}</span>}
        </p>
        {/* Sanitised on the server (allowlisted tags only): services/progress/src/doubts/doubt-text.ts */}
        <div className="doubt__text" dangerouslySetInnerHTML={{ __html: doubt.html }} />
        {doubt.hasImage && <DoubtImage courseId={courseId} doubtId={doubt.id} author={doubt.author.name} />}
        <div className="doubt__actions">
          {!doubt.mine && (
            <button type="button" className="button button--secondary" aria-pressed={doubt.meTooByMe} disabled={doubt.meTooByMe} onClick={() => void act('me-too')}>
              {doubt.meToo > 0 ? t('doubts.meTooCount', { number: format.count(doubt.meToo) }) : t('doubts.meToo')}
            </button>
          )}
          {doubt.mine && doubt.meToo > 0 && <span>{t('doubts.moreWithDoubt', { number: format.count(doubt.meToo) })}</span>}
          <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={threadId} onClick={() => setOpen((value) => !value)}>
            {t('doubts.answerCount', { count: doubt.answerCount, formatted: format.count(doubt.answerCount) })}
          </button>
          {doubt.mine && !doubt.resolved && (
            <button type="button" className="button button--secondary" onClick={() => void act('resolve')}>
              {t('doubts.markResolved')}
            </button>
          )}
          {!doubt.mine && (
            <button type="button" className="doubt__report" onClick={() => void act('report')}>
              {t('doubts.report')}
            </button>
          )}
        </div>
        <div id={threadId}>{open && <DoubtThreadView courseId={courseId} doubtId={doubt.id} onChanged={onChanged} onReport={(answerId) => void act('report', answerId)} />}</div>
      </article>
    </li>
  );
}

function DoubtThreadView({ courseId, doubtId, onChanged, onReport }: { courseId: string; doubtId: string; onChanged(): Promise<unknown>; onReport(answerId: string): void }) {
  const { t } = useTranslation('learner-study');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const thread = useDoubtThread(courseId, doubtId, OPEN_THREAD_REFRESH_MS);
  const { register, handleSubmit, reset, watch, formState } = useForm<AnswerFormValues>({ defaultValues: { text: '' }, resolver: zodResolver(answerFormSchema) });
  const text = watch('text');
  const posting = formState.isSubmitting;
  const inputId = useId();

  const submit = handleSubmit(async (values) => {
    try {
      await answerDoubt(api, courseId, doubtId, values.text);
      reset();
      toast.success(t('doubts.answerPosted'));
      await onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  const textField = register('text');

  if (thread.status === 'error') return <p role="alert">{thread.message}</p>;
  if (thread.status === 'loading') return <p role="status">{t('doubts.loadingAnswers')}</p>;
  return (
    <div className="doubt__thread">
      <ul className="doubt__answers" aria-label={t('doubts.answersLabel')}>
        {thread.data.answers.map((answer) => (
          <li key={answer.id} className={`doubt__answer${answer.author.isEducator ? ' doubt__answer--educator' : ''}`}>
            <p className="doubt__meta">
              <span>{answer.author.name}</span>
              {answer.author.isEducator && <span className="doubt__badge">{t('doubts.educator')}</span>}
              <span>{format.date(answer.createdAt)}</span>
              {answer.hidden && <span className="doubt__badge doubt__badge--hidden">{t('doubts.hiddenByEducator')}</span>}
            </p>
            <div className="doubt__text" dangerouslySetInnerHTML={{ __html: answer.html }} />
            {!answer.mine && (
              <button type="button" className="doubt__report" onClick={() => onReport(answer.id)}>
                {t('doubts.report')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <form className="doubt__answer-form" noValidate onSubmit={(event) => void (posting ? event.preventDefault() : submit(event))}>
        <label htmlFor={inputId}>{t('doubts.yourAnswer')}</label>
        <textarea id={inputId} rows={2} maxLength={4000} {...textField} />
        <button type="submit" className="button" disabled={posting || !text.trim()}>
          {t('doubts.postAnswer')}
        </button>
      </form>
    </div>
  );
}

function DoubtImage({ courseId, doubtId, author }: { courseId: string; doubtId: string; author: string }) {
  const { t } = useTranslation('learner-study');
  const url = useDoubtImage(courseId, doubtId, true);
  if (!url) return <p className="doubt__image-loading">{t('doubts.imageLoading')}</p>;
  return <img className="doubt__image" src={url} alt={t('doubts.imageAlt', { name: author })} />;
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
