import { LIVE_UNAVAILABLE_MESSAGE, type LiveClassDto } from '@academy/contracts';
import { downloadWithToken, errorMessage, queryKeys, translateMessage, useApi, useFormat, usePortalAuth, useRuntimeConfig, useToast } from '@academy/platform';
import { Link, useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

function ScheduleForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const client = useQueryClient();
  const course = useRemoteData(queryKeys.educator.courseForEditing(courseId), (caller) => fetchCourseForEditing(caller, courseId));
  const [title, setTitle] = useState('');
  const [chapterId, setChapterId] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [duration, setDuration] = useState('60');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chapters = course.state.status === 'ready' ? course.state.data.courseContent : [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const request = { courseId, chapterId: chapterId || chapters[0]?.chapterId || '', title, startsAt: istInputToInstant(startsAt), durationMinutes: Number(duration) };
      const created = await scheduleLiveClass(api, request);
      toast.success(t('liveClasses.scheduled', { title: created.title }));
      setTitle('');
      await client.invalidateQueries({ queryKey: queryKeys.educator.liveClasses(courseId) });
    } catch (failure) {
      setError(formErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="live-class-form" onSubmit={(event) => void submit(event)} aria-busy={saving} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="live-classes-page__subtitle">
        {t('liveClasses.form.title')}
      </h2>
      <div className="live-class-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('liveClasses.form.name')}</label>
          <input id={`${id}-name`} required minLength={3} maxLength={120} value={title} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-chapter`}>{t('liveClasses.columns.chapter')}</label>
          <select id={`${id}-chapter`} value={chapterId} onChange={(event) => setChapterId(event.target.value)}>
            {chapters.map((chapter) => (
              <option key={chapter.chapterId} value={chapter.chapterId}>
                {chapter.chapterTitle}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-start`}>{t('liveClasses.form.starts')}</label>
          <input id={`${id}-start`} type="datetime-local" required value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-duration`}>{t('liveClasses.form.length')}</label>
          <input id={`${id}-duration`} type="number" min={15} max={240} step={5} required value={duration} onChange={(event) => setDuration(event.target.value)} />
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={saving || chapters.length === 0}>
        {t('liveClasses.form.submit')}
      </button>
    </form>
  );
}
