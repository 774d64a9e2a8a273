import {
  DEFAULT_INACTIVITY_DAYS,
  formatDate,
  MAX_INACTIVITY_DAYS,
  pluralize,
  type EmailSettings,
  type LinkedChild,
  type WeeklyReportPreview,
} from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useCurrentUser, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@academy/routing';
import { LoginRequired } from '../../enrollments';
import { fetchWeeklyPreview, redeemLinkCode, removeLink, saveEmailSettings } from '../data/parentsApi';
import { linkCodeFormSchema, useChildProgress, useEmailSettings, useParentLinks, type LinkCodeFormInput, type LinkCodeFormOutput } from '../data/useParents';
import { UnlinkDialog } from '../components/UnlinkDialog';
import { QuizScores, StatusChip } from './ChildProgressPage';
import '../../enrollments/pages/MyEnrollmentsPage.css';
import './Parents.css';
import { LiveClassesPanel } from '../../live/LiveClassesPanel';

/** Enter a child's one-time code: errors (the schema's, then the server's) under the field. */
function LinkChildForm({ another }: { another: boolean }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<LinkCodeFormInput, unknown, LinkCodeFormOutput>({
    defaultValues: { code: '' },
    resolver: zodResolver(linkCodeFormSchema),
  });
  const error = formState.errors.code?.message;
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await redeemLinkCode(api, code);
      toast.success(answer.message);
      reset();
      await queryClient.invalidateQueries({ queryKey: queryKeys.parents.all });
    } catch (failure) {
      setError('code', { message: errorMessage(failure) }, { shouldFocus: true });
    }
  });
  return (
    <section className="parents__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{another ? 'Link another child' : 'Link a child'}</h2>
      <p id={`${id}-hint`}>
        Ask your child to open <strong>Parent access</strong> in their account menu and create a link code. A code works once and expires
        after 24 hours.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="parents__link-form">
        <label htmlFor={`${id}-code`}>Link code</label>
        <input
          id={`${id}-code`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-2345"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error ${id}-hint` : `${id}-hint`}
          {...register('code')}
        />
        {/* Always in the page so screen readers announce a message as it appears. */}
        <p id={`${id}-code-error`} className="parents__field-error" aria-live="assertive">
          {error}
        </p>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Linking…' : 'Link child'}
        </button>
      </form>
    </section>
  );
}

/** One child's card: each course with the child's own figures and status, last active, quizzes and the certificate. */
function ChildCard({ child, onRemove }: { child: LinkedChild; onRemove(child: LinkedChild): void }) {
  const progress = useChildProgress(child.id, true);
  const titleId = useId();
  return (
    <li className="parents__child-card">
      <article aria-labelledby={titleId}>
        <header className="parents__child">
          {child.imageUrl ? <img src={child.imageUrl} alt="" width={48} height={48} className="parents__avatar" /> : null}
          <div className="parents__child-text">
            <h3 id={titleId} className="parents__child-name">
              {child.name}
            </h3>
            <p>
              {pluralize(child.enrolledCourses.length, 'course')} · linked on {formatDate(child.linkedAt)}
            </p>
          </div>
        </header>
        {progress.status === 'loading' && <LoadingView label={`Loading ${child.name}'s courses`} />}
        {progress.status === 'error' && <ErrorPanel message={progress.message} onRetry={progress.reload} />}
        {progress.status === 'ready' && progress.data.courses.length === 0 && (
          <p>
            {child.name} is not enrolled in any course yet. <Link to="/course-list">Find a course</Link> and choose Enroll my child.
          </p>
        )}
        {progress.status === 'ready' && progress.data.courses.length > 0 && (
          <ul className="parents__course-list">
            {progress.data.courses.map((course) => (
              <li key={course.courseId} className="parents__course">
                <p className="parents__course-title">{course.courseTitle}</p>
                <div className="enrollments__progress" role="progressbar" aria-label={`${child.name}'s progress in ${course.courseTitle}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={course.percent}>
                  <div className="enrollments__progress-fill" style={{ width: `${course.percent}%` }} />
                </div>
                <p>
                  {course.percent}% · {course.completedLectures} / {course.totalLectures} lectures · <StatusChip course={course} />
                </p>
                <p>Last active: {course.lastActivityAt ? formatDate(course.lastActivityAt) : 'not yet'}</p>
                <div className="parents__course-quizzes">
                  Quizzes: <QuizScores course={course} />
                </div>
                <p>Certificate: {course.certificateLine}</p>
                {/* The child's live classes: what is live now and what is coming, with the calendar file. */}
                <LiveClassesPanel courseId={course.courseId} headingLevel={4} />
              </li>
            ))}
          </ul>
        )}
        <div className="parents__child-actions">
          <Link to={`/parent/child/${encodeURIComponent(child.id)}`} className="button">
            See {child.name}&apos;s report
          </Link>
          <button type="button" className="parents__remove" onClick={() => onRemove(child)}>
            Remove link<span className="visually-hidden"> with {child.name}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

interface AlertsFormValues {
  weeklyProgress: boolean;
  milestones: boolean;
  inactivityOn: boolean;
  inactivityDays: number;
  quizAlerts: boolean;
}

/** The weekly email, alerts (a quiet child, a course completed, a quiz failed twice) and a preview of this week's email. */
function EmailSettingsForm({ settings }: { settings: EmailSettings }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, formState, watch } = useForm<AlertsFormValues>({
    defaultValues: {
      weeklyProgress: settings.weeklyProgress,
      milestones: settings.milestones,
      inactivityOn: settings.inactivityDays !== null,
      inactivityDays: settings.inactivityDays ?? DEFAULT_INACTIVITY_DAYS,
      quizAlerts: settings.quizAlerts,
    },
  });
  const [saveError, setSaveError] = useState('');
  const onSubmit = handleSubmit(async (values) => {
    setSaveError('');
    try {
      const days = Number(values.inactivityDays);
      toast.success(
        await saveEmailSettings(api, {
          weeklyProgress: values.weeklyProgress,
          milestones: values.milestones,
          inactivityDays: values.inactivityOn ? days : null,
          quizAlerts: values.quizAlerts,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.parents.emailSettings() });
    } catch (failure) {
      setSaveError(errorMessage(failure));
    }
  });
  const inactivityOn = watch('inactivityOn');
  return (
    <section className="parents__card" id="parent-email-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Alerts and emails</h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="parents__fieldset">
          <legend>Tell me, in the bell and by email</legend>
          <label className="parents__check">
            <input type="checkbox" {...register('inactivityOn')} /> When a child has not studied for
          </label>
          <label className="parents__days">
            <input
              type="number"
              min={1}
              max={MAX_INACTIVITY_DAYS}
              step={1}
              inputMode="numeric"
              disabled={!inactivityOn}
              aria-describedby={`${id}-days-hint`}
              {...register('inactivityDays', { valueAsNumber: true })}
            />{' '}
            days
          </label>
          <p id={`${id}-days-hint`} className="parents__hint">
            From 1 to {MAX_INACTIVITY_DAYS} days; {DEFAULT_INACTIVITY_DAYS} unless you change it. One alert for each quiet spell.
          </p>
          <label className="parents__check">
            <input type="checkbox" {...register('quizAlerts')} /> When a child fails a quiz twice
          </label>
          <label className="parents__check">
            <input type="checkbox" {...register('milestones')} /> When my child completes a course
          </label>
        </fieldset>
        <fieldset className="parents__fieldset">
          <legend>Send me</legend>
          <label className="parents__check">
            <input type="checkbox" {...register('weeklyProgress')} /> A weekly progress summary
          </label>
        </fieldset>
        <p className="parents__field-error" aria-live="assertive">
          {saveError}
        </p>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          Save alerts and emails
        </button>
      </form>
      <WeeklyPreview />
    </section>
  );
}

/** "Preview this week's report": the weekly email as it would go out now, shown in the page. */
function WeeklyPreview() {
  const api = useApi();
  const [preview, setPreview] = useState<WeeklyReportPreview | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview) headingRef.current?.focus();
  }, [preview]);
  const load = async () => {
    setState({ busy: true, error: '' });
    try {
      setPreview(await fetchWeeklyPreview(api));
      setState({ busy: false, error: '' });
    } catch (failure) {
      setState({ busy: false, error: errorMessage(failure) });
    }
  };
  return (
    <div className="parents__preview">
      <button type="button" className="button button--secondary" onClick={() => void load()} disabled={state.busy} aria-expanded={preview !== null}>
        {state.busy ? 'Loading the preview…' : "Preview this week's report"}
      </button>
      <p className="parents__field-error" aria-live="assertive">
        {state.error}
      </p>
      {preview && (
        <section className="parents__preview-email" aria-labelledby="weekly-preview-title">
          <h3 id="weekly-preview-title" ref={headingRef} tabIndex={-1}>
            {preview.subject}
          </h3>
          <div className="parents__preview-text">{preview.text}</div>
        </section>
      )}
    </div>
  );
}

/** Shown in the parent area to an account that is not a parent's. */
export function NotAParent() {
  return (
    <div className="parents">
      <h1>My Children</h1>
      <p>
        This area is for parent accounts. To let a parent follow your progress, open <Link to="/parent-access">Parent access</Link> and give
        them a link code.
      </p>
    </div>
  );
}

/** /parent: a parent's linked children, linking another with a code, and which emails to get. */
export function ParentHomePage() {
  const { isLoading, isAuthenticated, isParent, login } = useCurrentUser();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const links = useParentLinks(isAuthenticated && isParent);
  const settings = useEmailSettings(isAuthenticated && isParent);
  const [unlinking, setUnlinking] = useState<LinkedChild | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (isLoading) return <LoadingView label="Loading your children" />;
  if (!isAuthenticated) return <LoginRequired text="Please log in to see your children's progress" onLogin={() => void login('/parent')} />;
  if (!isParent) return <NotAParent />;

  const remove = async (child: LinkedChild) => {
    if (removing) return;
    setRemoving(true);
    try {
      await removeLink(api, child.id);
      toast.success(`${child.name} is no longer linked to your account`);
      setUnlinking(null);
      // What the parent saw of the child goes at once (cards, report, payments naming them).
      queryClient.removeQueries({ queryKey: queryKeys.parents.child(child.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.parents.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.learner.purchases() });
    } catch (failure) {
      setRemoveError(errorMessage(failure));
    } finally {
      setRemoving(false);
    }
  };
  const childCount = links.status === 'ready' ? links.data.children.length : 0;

  return (
    <div className="parents">
      <h1>My Children</h1>
      <nav aria-label="Parent" className="parents__nav">
        <Link to="/parent/payments">Payments and receipts</Link>
        <a href="#parent-email-settings">Alerts and emails</a>
      </nav>
      <section aria-labelledby="parents-children-title">
        <h2 id="parents-children-title" className="visually-hidden">Your children</h2>
        {links.status === 'loading' && <LoadingView label="Loading your children" />}
        {links.status === 'error' && <ErrorPanel message={links.message} onRetry={links.reload} />}
        {links.status === 'ready' && links.data.children.length === 0 && (
          <p className="parents__card">No child is linked yet. Enter your child&apos;s link code below.</p>
        )}
        {links.status === 'ready' && links.data.children.length > 0 && (
          <ul className="parents__child-cards">
            {links.data.children.map((child) => (
              <ChildCard
                key={child.id}
                child={child}
                onRemove={(chosen) => {
                  setRemoveError(null);
                  setUnlinking(chosen);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <LinkChildForm another={childCount > 0} />
      {settings.status === 'ready' && <EmailSettingsForm settings={settings.data} />}
      {unlinking && (
        <UnlinkDialog
          name={unlinking.name || 'your child'}
          side="parent"
          busy={removing}
          error={removeError}
          onConfirm={() => void remove(unlinking)}
          onClose={() => setUnlinking(null)}
        />
      )}
    </div>
  );
}
