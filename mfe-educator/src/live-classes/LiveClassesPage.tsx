import { LIVE_UNAVAILABLE_MESSAGE, scheduleLiveClassSchema, type LiveClassDto } from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  downloadWithToken,
  errorMessage,
  queryKeys,
  translateMessage,
  useApi,
  useFormat,
  usePortalAuth,
  useQueryClient,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { Link, useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { FieldError, fieldAria } from '../common/FieldError';
import { formErrorMessage } from '../common/formError';
import { fetchCourseForEditing } from '../add-course/data/authoringApi';
import { educatorPaths } from '../common/educatorPaths';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import {
  changeLiveClass,
  fetchEducatorLiveClasses,
  instantToIstInput,
  istDateTime,
  istInputToInstant,
  rescheduleLiveClass,
  scheduleLiveClass,
} from './liveClassesApi';
import './live-classes.css';

/** /educator/live-classes: schedule a course's live classes, reschedule or cancel them, and go live. */
export function LiveClassesPage() {
  const { t } = useTranslation('educator');
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  const id = useId();
  return (
    <div className="live-classes-page">
      <h1 className="page-title">{t('liveClasses.title')}</h1>
      {courses.state.status === 'loading' && <LoadingView label={t('common.loadingCourses')} />}
      {courses.state.status === 'error' && <ErrorPanel title={t('common.coursesFailed')} message={courses.state.message} onRetry={courses.reload} />}
      {courses.state.status === 'ready' && (
        <div className="form-field">
          <label htmlFor={`${id}-course`}>{t('common.course')}</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setParams(event.target.value ? { courseId: event.target.value } : {})}>
            <option value="">{t('common.chooseCourse')}</option>
            {courses.state.data.map((course) => (
              <option key={course._id} value={course._id}>
                {course.courseTitle}
              </option>
            ))}
          </select>
        </div>
      )}
      {courseId && <CourseLiveClasses key={courseId} courseId={courseId} />}
    </div>
  );
}

function CourseLiveClasses({ courseId }: { courseId: string }) {
  const { t } = useTranslation('educator');
  const classes = useRemoteData(queryKeys.educator.liveClasses(courseId), (api) => fetchEducatorLiveClasses(api, courseId));
  return (
    <>
      {classes.state.status === 'ready' && !classes.state.data.liveAvailable && (
        <p className="live-classes-page__notice" role="status">
          {translateMessage(LIVE_UNAVAILABLE_MESSAGE)}
        </p>
      )}
      <ScheduleForm courseId={courseId} />
      <h2 className="live-classes-page__subtitle">{t('liveClasses.classesOfCourse')}</h2>
      {classes.state.status === 'loading' && <LoadingView label={t('liveClasses.loading')} />}
      {classes.state.status === 'error' && <ErrorPanel title={t('liveClasses.failed')} message={classes.state.message} onRetry={classes.reload} />}
      {classes.state.status === 'ready' &&
        (classes.state.data.liveClasses.length === 0 ? (
          <p>{t('liveClasses.none')}</p>
        ) : (
          <TableScroll label={t('liveClasses.table')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('liveClasses.columns.class')}</th>
                  <th scope="col">{t('liveClasses.columns.chapter')}</th>
                  <th scope="col">{t('liveClasses.columns.starts')}</th>
                  <th scope="col">{t('liveClasses.columns.length')}</th>
                  <th scope="col">{t('liveClasses.columns.state')}</th>
                  <th scope="col">{t('liveClasses.columns.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {classes.state.data.liveClasses.map((liveClass) => (
                  <LiveClassRow key={liveClass.id} liveClass={liveClass} />
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
    </>
  );
}

function LiveClassRow({ liveClass }: { liveClass: LiveClassDto }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const statusLabels: Record<LiveClassDto['status'], string> = {
    scheduled: t('liveClasses.status.scheduled'),
    live: t('liveClasses.status.live'),
    ended: t('liveClasses.status.ended'),
    cancelled: t('liveClasses.status.cancelled'),
  };
  const api = useApi();
  const toast = useToast();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [startsAt, setStartsAt] = useState(instantToIstInput(liveClass.startsAt));
  const [busy, setBusy] = useState(false);
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const downloadAttendance = () =>
    act(async () => downloadWithToken(apiBaseUrl, (await getAccessTokenSilently()) ?? '', `/live-attendance/${encodeURIComponent(liveClass.id)}/csv`, 'the attendance', 'attendance.csv'), t('liveClasses.attendanceDownloaded'));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.educator.liveClasses(liveClass.courseId) });
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      setEditing(false);
      await refresh();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <tr data-live-class={liveClass.id}>
      <th scope="row">{liveClass.title}</th>
      <td>{liveClass.chapterTitle}</td>
      <td>
        {editing ? (
          <input type="datetime-local" aria-label={t('liveClasses.newStart', { title: liveClass.title })} value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        ) : (
          istDateTime(liveClass.startsAt, format)
        )}
      </td>
      <td>{t('common.minutes', { minutes: format.count(liveClass.durationMinutes) })}</td>
      <td>{statusLabels[liveClass.status]}</td>
      <td className="live-classes-page__actions">
        {(liveClass.status === 'scheduled' || liveClass.status === 'live') && <Link to={educatorPaths.goLive.replace(':classId', liveClass.id)}>{t('liveClasses.goLiveLink')}</Link>}
        {liveClass.status === 'scheduled' && !editing && (
          <>
            <button type="button" className="button-secondary" onClick={() => setEditing(true)}>
              {t('liveClasses.reschedule')}
            </button>
            <button type="button" className="button-secondary" disabled={busy} onClick={() => void act(() => changeLiveClass(api, liveClass.id, 'cancel'), t('liveClasses.cancelled'))}>
              {t('liveClasses.cancelClass')}
            </button>
          </>
        )}
        {(liveClass.status === 'live' || liveClass.status === 'ended') && (
          <button type="button" className="button-secondary" disabled={busy} onClick={() => void downloadAttendance()}>
            {t('liveClasses.attendance')}
          </button>
        )}
        {editing && (
          <button type="button" disabled={busy} onClick={() => void act(() => rescheduleLiveClass(api, liveClass.id, { startsAt: istInputToInstant(startsAt) }), t('liveClasses.rescheduled'))}>
            {t('liveClasses.saveNewTime')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** This form's own message (an empty start time); the rest are the contract's. Shown through `liveClasses.form.startsRequired`. */
const STARTS_REQUIRED = 'Choose when the class starts';

/** What the schedule form holds: the fields as typed (the start on the IST wall clock, the length as text). */
interface ScheduleFields {
  title: string;
  chapterId: string;
  startsAt: string;
  durationMinutes: string;
}

// Each field judged by the contract's rule for it (the server's), so every problem shows under its own field.
// `raw`: the form hands on what was typed; the request is made from it on sending.
const scheduleFormSchema = z.object({
  title: scheduleLiveClassSchema.shape.title,
  chapterId: z.string(),
  startsAt: z.string().min(1, STARTS_REQUIRED).transform(istInputToInstant).pipe(scheduleLiveClassSchema.shape.startsAt),
  durationMinutes: z.string().transform(Number).pipe(scheduleLiveClassSchema.shape.durationMinutes),
});
const scheduleResolver = zodResolver(scheduleFormSchema, undefined, { raw: true }) as unknown as Resolver<ScheduleFields>;

function ScheduleForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const client = useQueryClient();
  const course = useRemoteData(queryKeys.educator.courseForEditing(courseId), (caller) => fetchCourseForEditing(caller, courseId));
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFields>({ defaultValues: { title: '', chapterId: '', startsAt: '', durationMinutes: '60' }, resolver: scheduleResolver });
  const chapters = course.state.status === 'ready' ? course.state.data.courseContent : [];
  // The contract's English rules in the reader's language, each under its field.
  const shown = (name: keyof ScheduleFields) => {
    const english = errors[name]?.message;
    if (!english) return undefined;
    return english === STARTS_REQUIRED ? t('liveClasses.form.startsRequired') : translateMessage(english);
  };
  const messages = { title: shown('title'), startsAt: shown('startsAt'), durationMinutes: shown('durationMinutes') };
  // Built before the JSX: field names, not text.
  const fields = {
    title: { ...register('title'), ...fieldAria(`${id}-name`, messages.title) },
    chapterId: register('chapterId'),
    startsAt: { ...register('startsAt'), ...fieldAria(`${id}-start`, messages.startsAt) },
    durationMinutes: { ...register('durationMinutes'), ...fieldAria(`${id}-duration`, messages.durationMinutes) },
  };

  const schedule = async ({ title, chapterId, startsAt, durationMinutes }: ScheduleFields) => {
    try {
      // No chapter chosen: the list shows its first one.
      const request = { courseId, chapterId: chapterId || chapters[0]?.chapterId || '', title, startsAt: istInputToInstant(startsAt), durationMinutes: Number(durationMinutes) };
      const created = await scheduleLiveClass(api, request);
      toast.success(t('liveClasses.scheduled', { title: created.title }));
      resetField('title');
      await client.invalidateQueries({ queryKey: queryKeys.educator.liveClasses(courseId) });
    } catch (failure) {
      setError('root', { message: formErrorMessage(failure) });
    }
  };

  return (
    <form className="live-class-form" onSubmit={(event) => void handleSubmit(schedule)(event)} noValidate aria-busy={isSubmitting} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="live-classes-page__subtitle">
        {t('liveClasses.form.title')}
      </h2>
      <div className="live-class-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('liveClasses.form.name')}</label>
          <input id={`${id}-name`} required minLength={3} maxLength={120} {...fields.title} />
          <FieldError fieldId={`${id}-name`} message={messages.title} className="form-error" />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-chapter`}>{t('liveClasses.columns.chapter')}</label>
          <select id={`${id}-chapter`} {...fields.chapterId}>
            {chapters.map((chapter) => (
              <option key={chapter.chapterId} value={chapter.chapterId}>
                {chapter.chapterTitle}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-start`}>{t('liveClasses.form.starts')}</label>
          <input id={`${id}-start`} type="datetime-local" required {...fields.startsAt} />
          <FieldError fieldId={`${id}-start`} message={messages.startsAt} className="form-error" />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-duration`}>{t('liveClasses.form.length')}</label>
          <input id={`${id}-duration`} type="number" min={15} max={240} step={5} required {...fields.durationMinutes} />
          <FieldError fieldId={`${id}-duration`} message={messages.durationMinutes} className="form-error" />
        </div>
      </div>
      {errors.root?.message && (
        <p className="form-error" role="alert">
          {errors.root.message}
        </p>
      )}
      <button type="submit" disabled={isSubmitting || chapters.length === 0}>
        {t('liveClasses.form.submit')}
      </button>
    </form>
  );
}
