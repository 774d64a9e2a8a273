import { formatVideoSecond, lecturesInOrder, type HiddenPost, type InboxDoubt } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useFormat,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fetchCourseForEditing } from '../add-course/data/authoringApi';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { useSearchParams } from '@academy/routing';
import { answerFromInbox, fetchHiddenPosts, fetchInbox, hideFromInbox, showAgain, type InboxFilter } from './inboxApi';
import { SubmissionsSection } from './SubmissionsSection';
import { ParentThreadsSection } from './ParentThreadsSection';
import './inbox.css';

/**
 * /educator/inbox: every unanswered doubt and every hand-in awaiting review of the educator's courses, oldest first,
 * answered and reviewed in place.
 */
export function InboxPage() {
  const { t } = useTranslation('educator');
  const api = useApi();
  // A notification links here with ?courseId= (a new doubt in that course).
  const [searchParams] = useSearchParams();
  const [filter, setFilter] = useState<InboxFilter>({ courseId: searchParams.get('courseId') ?? '', lectureId: '' });
  const coursesQuery = useQuery({ queryKey: queryKeys.educator.myCourses(), queryFn: () => fetchMyCourses(api) });
  const courseQuery = useQuery({
    queryKey: queryKeys.educator.courseForEditing(filter.courseId),
    queryFn: () => fetchCourseForEditing(api, filter.courseId),
    enabled: filter.courseId !== '',
  });
  const inbox = useInfiniteQuery({
    queryKey: [...queryKeys.educator.inbox(), filter],
    queryFn: ({ pageParam }) => fetchInbox(api, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.doubts),
  });
  const courses = toLoadable(coursesQuery);
  const course = toLoadable(courseQuery);
  const doubts = toLoadable<InboxDoubt[]>(inbox);
  const lectures = course.status === 'ready' ? lecturesInOrder(course.data.courseContent.map((chapter) => ({ ...chapter, quiz: null }))) : [];

  return (
    <section className="inbox">
      <h1 className="page-title">{t('inbox.title')}</h1>
      <p>{t('inbox.intro')}</p>
      <div className="inbox__filters">
        <label>
          {t('common.course')}
          <select value={filter.courseId} onChange={(event) => setFilter({ courseId: event.target.value, lectureId: '' })}>
            <option value="">{t('inbox.allCourses')}</option>
            {(courses.status === 'ready' ? courses.data : []).map((option) => (
              <option key={option._id} value={option._id}>
                {option.courseTitle}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('inbox.lecture')}
          <select value={filter.lectureId} disabled={!filter.courseId} onChange={(event) => setFilter({ ...filter, lectureId: event.target.value })}>
            <option value="">{t('inbox.allLectures')}</option>
            {lectures.map((entry) => (
              <option key={entry.lecture.lectureId} value={entry.lecture.lectureId}>
                {entry.label} {entry.lecture.lectureTitle}
              </option>
            ))}
          </select>
        </label>
      </div>
      <h2>{t('inbox.unanswered')}</h2>
      {doubts.status === 'error' ? (
        <ErrorPanel message={doubts.message} onRetry={doubts.reload} />
      ) : doubts.status === 'loading' ? (
        <LoadingView label={t('inbox.loading')} />
      ) : doubts.data.length === 0 ? (
        <p role="status">{t('inbox.nothingWaiting')}</p>
      ) : (
        <ul className="inbox__list" aria-label={t('inbox.unanswered')}>
          {doubts.data.map((doubt) => (
            <InboxItem key={doubt.id} doubt={doubt} />
          ))}
        </ul>
      )}
      {inbox.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={inbox.isFetchingNextPage} onClick={() => void inbox.fetchNextPage()}>
          {t('inbox.showMore')}
        </button>
      )}
      <SubmissionsSection courseId={filter.courseId} />
      <ParentThreadsSection />
      <HiddenPosts />
    </section>
  );
}

/** What the educator hid, newest hidden first, each with Show again. */
function HiddenPosts() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const hidden = useInfiniteQuery({
    queryKey: [...queryKeys.educator.inbox(), 'hidden'],
    queryFn: ({ pageParam }) => fetchHiddenPosts(api, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: open,
    select: (data) => data.pages.flatMap((page) => page.posts),
  });
  const posts = toLoadable<HiddenPost[]>(hidden);
  const show = async (post: HiddenPost) => {
    try {
      toast.success(await showAgain(api, post));
      void queryClient.invalidateQueries({ queryKey: queryKeys.educator.inbox() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.doubts.all });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <section className="inbox__hidden" aria-labelledby={`${regionId}-title`}>
      <h2 id={`${regionId}-title`}>
        <button type="button" className="button button--secondary" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((value) => !value)}>
          {t('inbox.hidden.title')}
        </button>
      </h2>
      <div id={regionId} hidden={!open}>
        {open &&
          (posts.status === 'error' ? (
            <ErrorPanel message={posts.message} onRetry={posts.reload} />
          ) : posts.status === 'loading' ? (
            <LoadingView label={t('inbox.hidden.loading')} />
          ) : posts.data.length === 0 ? (
            <p role="status">{t('inbox.hidden.none')}</p>
          ) : (
            <ul className="inbox__list" aria-label={t('inbox.hidden.title')}>
              {posts.data.map((post) => (
                <li key={post.answerId ?? post.doubtId} className="inbox__item">
                  <article
                    aria-label={post.kind === 'doubt' ? t('inbox.hidden.doubtLabel', { author: post.authorName }) : t('inbox.hidden.answerLabel', { author: post.authorName })}
                  >
                    <p className="inbox__where">
                      {post.kind === 'doubt'
                        ? t('inbox.hidden.doubtMeta', { course: post.courseTitle, author: post.authorName, date: format.date(post.hiddenAt) })
                        : t('inbox.hidden.answerMeta', { course: post.courseTitle, author: post.authorName, date: format.date(post.hiddenAt) })}
                    </p>
                    {/* Sanitised on the server (allowlisted tags only): services/progress/src/doubts/doubt-text.ts */}
                    <div className="inbox__text" dangerouslySetInnerHTML={{ __html: post.html }} />
                    <button type="button" className="button button--secondary" onClick={() => void show(post)}>
                      {t('inbox.hidden.showAgain')}
                    </button>
                  </article>
                </li>
              ))}
            </ul>
          ))}
        {hidden.hasNextPage && (
          <button type="button" className="button button--secondary" disabled={hidden.isFetchingNextPage} onClick={() => void hidden.fetchNextPage()}>
            {t('inbox.hidden.showMore')}
          </button>
        )}
      </div>
    </section>
  );
}

/** An answer says something (Post answer stays disabled until it does); its length is the field's limit. */
const inboxAnswerSchema = z.object({ text: z.string().refine((typed) => typed.trim() !== '') });
type InboxAnswerFields = z.infer<typeof inboxAnswerSchema>;

function InboxItem({ doubt }: { doubt: InboxDoubt }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { isSubmitting },
  } = useForm<InboxAnswerFields>({ defaultValues: { text: '' }, resolver: zodResolver(inboxAnswerSchema) });
  const inputId = useId();
  const textField = register('text'); // before the JSX: a field name, not text

  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: queryKeys.educator.inbox() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.doubts.all });
  };
  const send = async ({ text }: InboxAnswerFields) => {
    try {
      await answerFromInbox(api, doubt.courseId, doubt.id, text);
      reset();
      done(t('inbox.answerPosted'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const hide = async () => {
    try {
      done(await hideFromInbox(api, doubt.courseId, doubt.id));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <li className="inbox__item">
      <article aria-label={t('inbox.doubt.label', { author: doubt.author.name })}>
        <p className="inbox__where">
          {[doubt.courseTitle, doubt.lectureTitle ?? t(doubt.liveClassId && !doubt.lectureId ? 'inbox.doubt.inLiveClass' : 'inbox.doubt.lectureRemoved'), t('inbox.doubt.at', { time: formatVideoSecond(doubt.atSecond) })].join(' · ')}
        </p>
        <p className="inbox__meta">
          {[
            doubt.author.name,
            format.date(doubt.createdAt),
            ...(doubt.meToo > 0 ? [t('inbox.doubt.meToo', { count: doubt.meToo, formatted: format.count(doubt.meToo) })] : []),
            ...(doubt.answerCount > 0 ? [t('inbox.doubt.learnerAnswers', { count: doubt.answerCount, formatted: format.count(doubt.answerCount) })] : []),
          ].join(' · ')}
        </p>
        {/* Sanitised on the server (allowlisted tags only): services/progress/src/doubts/doubt-text.ts */}
        <div className="inbox__text" dangerouslySetInnerHTML={{ __html: doubt.html }} />
        <form className="inbox__answer" onSubmit={(event) => void handleSubmit(send)(event)}>
          <label htmlFor={inputId}>{t('inbox.yourAnswer')}</label>
          <textarea id={inputId} rows={3} maxLength={4000} {...textField} />
          <div className="inbox__actions">
            <button type="submit" className="button" disabled={isSubmitting || !watch('text').trim()}>
              {t('inbox.doubt.post')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => void hide()}>
              {t('inbox.doubt.hide')}
            </button>
          </div>
        </form>
      </article>
    </li>
  );
}
