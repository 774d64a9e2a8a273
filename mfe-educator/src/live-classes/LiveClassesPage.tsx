import { formatDate, LIVE_UNAVAILABLE_MESSAGE, type LiveClassDto } from '@academy/contracts';
import { downloadWithToken, errorMessage, queryKeys, useApi, usePortalAuth, useRuntimeConfig, useToast } from '@academy/platform';
import { Link, useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
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

const STATUS_LABELS: Record<LiveClassDto['status'], string> = { scheduled: 'Scheduled', live: 'Live now', ended: 'Ended', cancelled: 'Cancelled' };

/** /educator/live-classes: schedule a course's live classes, reschedule or cancel them, and go live. */
export function LiveClassesPage() {
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  const id = useId();
  return (
    <div className="live-classes-page">
      <h1 className="page-title">Live classes</h1>
      {courses.state.status === 'loading' && <LoadingView label="Loading your courses" />}
      {courses.state.status === 'error' && <ErrorPanel title="Your courses could not be loaded" message={courses.state.message} onRetry={courses.reload} />}
      {courses.state.status === 'ready' && (
        <div className="form-field">
          <label htmlFor={`${id}-course`}>Course</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setParams(event.target.value ? { courseId: event.target.value } : {})}>
            <option value="">Choose a course</option>
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
  const classes = useRemoteData(queryKeys.educator.liveClasses(courseId), (api) => fetchEducatorLiveClasses(api, courseId));
  return (
    <>
      {classes.state.status === 'ready' && !classes.state.data.liveAvailable && (
        <p className="live-classes-page__notice" role="status">
          {LIVE_UNAVAILABLE_MESSAGE}
        </p>
      )}
      <ScheduleForm courseId={courseId} />
      <h2 className="live-classes-page__subtitle">Classes of this course</h2>
      {classes.state.status === 'loading' && <LoadingView label="Loading live classes" />}
      {classes.state.status === 'error' && <ErrorPanel title="Live classes could not be loaded" message={classes.state.message} onRetry={classes.reload} />}
      {classes.state.status === 'ready' &&
        (classes.state.data.liveClasses.length === 0 ? (
          <p>No live class is scheduled in this course yet.</p>
        ) : (
          <TableScroll label="Live classes of this course">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Class</th>
                  <th scope="col">Chapter</th>
                  <th scope="col">Starts</th>
                  <th scope="col">Length</th>
                  <th scope="col">State</th>
                  <th scope="col">Actions</th>
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
  const api = useApi();
  const toast = useToast();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [startsAt, setStartsAt] = useState(instantToIstInput(liveClass.startsAt));
  const [busy, setBusy] = useState(false);
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const downloadAttendance = () =>
    act(async () => downloadWithToken(apiBaseUrl, (await getAccessTokenSilently()) ?? '', `/live-attendance/${encodeURIComponent(liveClass.id)}/csv`, 'the attendance', 'attendance.csv'), 'Attendance downloaded');
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
          <input type="datetime-local" aria-label={`New start of ${liveClass.title} (IST)`} value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        ) : (
          istDateTime(liveClass.startsAt, formatDate)
        )}
      </td>
      <td>{liveClass.durationMinutes} min</td>
      <td>{STATUS_LABELS[liveClass.status]}</td>
      <td className="live-classes-page__actions">
        {(liveClass.status === 'scheduled' || liveClass.status === 'live') && <Link to={educatorPaths.goLive.replace(':classId', liveClass.id)}>Go live</Link>}
        {liveClass.status === 'scheduled' && !editing && (
          <>
            <button type="button" className="button-secondary" onClick={() => setEditing(true)}>
              Reschedule
            </button>
            <button type="button" className="button-secondary" disabled={busy} onClick={() => void act(() => changeLiveClass(api, liveClass.id, 'cancel'), 'Class cancelled: learners are told')}>
              Cancel class
            </button>
          </>
        )}
        {(liveClass.status === 'live' || liveClass.status === 'ended') && (
          <button type="button" className="button-secondary" disabled={busy} onClick={() => void downloadAttendance()}>
            Attendance (CSV)
          </button>
        )}
        {editing && (
          <button type="button" disabled={busy} onClick={() => void act(() => rescheduleLiveClass(api, liveClass.id, { startsAt: istInputToInstant(startsAt) }), 'Class rescheduled')}>
            Save new time
          </button>
        )}
      </td>
    </tr>
  );
}

function ScheduleForm({ courseId }: { courseId: string }) {
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
      toast.success(`${created.title} scheduled: learners will be reminded`);
      setTitle('');
      await client.invalidateQueries({ queryKey: queryKeys.educator.liveClasses(courseId) });
    } catch (failure) {
      setError(errorMessage(failure).replace(/^Invalid request: /, ''));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="live-class-form" onSubmit={(event) => void submit(event)} aria-busy={saving} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="live-classes-page__subtitle">
        Schedule a class
      </h2>
      <div className="live-class-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Title</label>
          <input id={`${id}-name`} required minLength={3} maxLength={120} value={title} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-chapter`}>Chapter</label>
          <select id={`${id}-chapter`} value={chapterId} onChange={(event) => setChapterId(event.target.value)}>
            {chapters.map((chapter) => (
              <option key={chapter.chapterId} value={chapter.chapterId}>
                {chapter.chapterTitle}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-start`}>Starts (IST)</label>
          <input id={`${id}-start`} type="datetime-local" required value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-duration`}>Length (minutes)</label>
          <input id={`${id}-duration`} type="number" min={15} max={240} step={5} required value={duration} onChange={(event) => setDuration(event.target.value)} />
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" disabled={saving || chapters.length === 0}>
        Schedule class
      </button>
    </form>
  );
}
