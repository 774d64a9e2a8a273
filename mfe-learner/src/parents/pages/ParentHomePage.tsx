import {
  DEFAULT_INACTIVITY_DAYS,
  MAX_INACTIVITY_DAYS,
  redeemLinkCodeRequestSchema,
  type EmailSettings,
  type LinkedChild,
  type WeeklyReportPreview,
} from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  Trans,
  translateMessage,
  useApi,
  useCurrentUser,
  useFormat,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from '@academy/routing';
import type { z } from 'zod';
import { LoginRequired } from '../../enrollments';
import { fetchWeeklyPreview, redeemLinkCode, removeLink, saveEmailSettings } from '../data/parentsApi';
import { useChildProgress, useEmailSettings, useParentLinks } from '../data/useParents';
import { UnlinkDialog } from '../components/UnlinkDialog';
import { QuizScores, StatusChip } from './ChildProgressPage';
import { useChildCourseText } from '../data/courseStatusText';
import '../../enrollments/pages/MyEnrollmentsPage.css';
import './Parents.css';
import { LiveClassesPanel } from '../../live/LiveClassesPanel';

// The link-code form checks with the contract's schema (the code is normalised on submit). Declared here, not in
// useParents, which the course page imports: a schema there brought zod to every course page.
type LinkCodeFormInput = z.input<typeof redeemLinkCodeRequestSchema>;
type LinkCodeFormOutput = z.output<typeof redeemLinkCodeRequestSchema>;

/** Enter a child's one-time code: errors (the schema's, then the server's) under the field. */
function LinkChildForm({ another }: { another: boolean }) {
  const { t } = useTranslation('learner');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const { register, handleSubmit, setError, reset, formState } = useForm<LinkCodeFormInput, unknown, LinkCodeFormOutput>({
    defaultValues: { code: '' },
    resolver: zodResolver(redeemLinkCodeRequestSchema),
  });
  const error = formState.errors.code?.message;
  const codeField = register('code');
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
      <h2 id={`${id}-title`}>{another ? t('parents.home.linkAnother') : t('parents.home.linkChild')}</h2>
      <p id={`${id}-hint`}>
        <Trans t={t} i18nKey="parents.home.linkHint" components={{ strong: <strong /> }} />
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="parents__link-form">
        <label htmlFor={`${id}-code`}>{t('parents.home.linkCode')}</label>
        <input
          id={`${id}-code`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('parents.home.codePlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error ${id}-hint` : `${id}-hint`}
          {...codeField}
        />
        {/* Always in the page so screen readers announce a message as it appears. */}
        <p id={`${id}-code-error`} className="parents__field-error" aria-live="assertive">
          {error && translateMessage(error)}
        </p>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('parents.home.linking') : t('parents.home.linkButton')}
        </button>
      </form>
    </section>
  );
}

/** One child's card: each course with the child's own figures and status, last active, quizzes and the certificate. */
function ChildCard({ child, onRemove }: { child: LinkedChild; onRemove(child: LinkedChild): void }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const text = useChildCourseText();
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
              {t('parents.home.courseCount', { count: child.enrolledCourses.length })} · {t('parents.home.linkedOn', { date: format.date(child.linkedAt) })}
            </p>
          </div>
        </header>
        {progress.status === 'loading' && <LoadingView label={t('parents.home.loadingCourses', { name: child.name })} />}
        {progress.status === 'error' && <ErrorPanel message={progress.message} onRetry={progress.reload} />}
        {progress.status === 'ready' && progress.data.courses.length === 0 && (
          <p>
            <Trans t={t} i18nKey="parents.notEnrolledYet" values={{ name: child.name }} components={{ pageLink: <Link to="/course-list" /> }} />
          </p>
        )}
        {progress.status === 'ready' && progress.data.courses.length > 0 && (
          <ul className="parents__course-list">
            {progress.data.courses.map((course) => (
              <li key={course.courseId} className="parents__course">
                <p className="parents__course-title">{course.courseTitle}</p>
                <div className="enrollments__progress" role="progressbar" aria-label={t('parents.home.progressIn', { name: child.name, title: course.courseTitle })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={course.percent}>
                  <div className="enrollments__progress-fill" style={{ width: `${course.percent}%` }} />
                </div>
                <p>
                  {t('parents.home.figures', { percent: course.percent, completed: course.completedLectures, total: course.totalLectures })} · <StatusChip course={course} />
                </p>
                <p>{t('parents.home.lastActive', { date: course.lastActivityAt ? format.date(course.lastActivityAt) : t('parents.home.notYet') })}</p>
                <div className="parents__course-quizzes">
                  {t('parents.home.quizzes')} <QuizScores course={course} />
                </div>
                <p>{t('parents.home.certificate', { line: text.certificateLine(course) })}</p>
                {/* The child's live classes: what is live now and what is coming, with the calendar file. */}
                <LiveClassesPanel courseId={course.courseId} headingLevel={4} />
              </li>
            ))}
          </ul>
        )}
        <div className="parents__child-actions">
          <Link to={`/parent/child/${encodeURIComponent(child.id)}`} className="button">
            {t('parents.home.seeReport', { name: child.name })}
          </Link>
          <button type="button" className="parents__remove" onClick={() => onRemove(child)}>
            <Trans t={t} i18nKey="parents.removeLink" values={{ name: child.name }} components={{ hidden: <span className="visually-hidden" /> }} />
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
  const { t } = useTranslation('learner');
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
  const fields = {
    inactivityOn: register('inactivityOn'),
    inactivityDays: register('inactivityDays', { valueAsNumber: true }),
    quizAlerts: register('quizAlerts'),
    milestones: register('milestones'),
    weeklyProgress: register('weeklyProgress'),
  };
  return (
    <section className="parents__card" id="parent-email-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('parents.alerts.title')}</h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="parents__fieldset">
          <legend>{t('parents.alerts.tellMe')}</legend>
          <label className="parents__check">
            <input type="checkbox" {...fields.inactivityOn} /> {t('parents.alerts.inactivity')}
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
              {...fields.inactivityDays}
            />{' '}
            {t('parents.alerts.days')}
          </label>
          <p id={`${id}-days-hint`} className="parents__hint">
            {t('parents.alerts.daysHint', { max: MAX_INACTIVITY_DAYS, default: DEFAULT_INACTIVITY_DAYS })}
          </p>
          <label className="parents__check">
            <input type="checkbox" {...fields.quizAlerts} /> {t('parents.alerts.quizAlerts')}
          </label>
          <label className="parents__check">
            <input type="checkbox" {...fields.milestones} /> {t('parents.alerts.milestones')}
          </label>
        </fieldset>
        <fieldset className="parents__fieldset">
          <legend>{t('parents.alerts.sendMe')}</legend>
          <label className="parents__check">
            <input type="checkbox" {...fields.weeklyProgress} /> {t('parents.alerts.weekly')}
          </label>
        </fieldset>
        <p className="parents__field-error" aria-live="assertive">
          {saveError}
        </p>
        <button type="submit" className="button" disabled={formState.isSubmitting}>
          {t('parents.alerts.save')}
        </button>
      </form>
      <WeeklyPreview />
    </section>
  );
}

/** "Preview this week's report": the weekly email as it would go out now, shown in the page. */
function WeeklyPreview() {
  const { t } = useTranslation('learner');
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
        {state.busy ? t('parents.alerts.loadingPreview') : t('parents.alerts.preview')}
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
  const { t } = useTranslation('learner');
  return (
    <div className="parents">
      <h1>{t('parents.myChildren')}</h1>
      <p>
        <Trans t={t} i18nKey="parents.notAParent" components={{ pageLink: <Link to="/parent-access" /> }} />
      </p>
    </div>
  );
}

/** /parent: a parent's linked children, linking another with a code, and which emails to get. */
export function ParentHomePage() {
  const { t } = useTranslation('learner');
  const { isLoading, isAuthenticated, isParent, login } = useCurrentUser();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const links = useParentLinks(isAuthenticated && isParent);
  const settings = useEmailSettings(isAuthenticated && isParent);
  const [unlinking, setUnlinking] = useState<LinkedChild | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  if (isLoading) return <LoadingView label={t('parents.home.loading')} />;
  if (!isAuthenticated) return <LoginRequired text={t('parents.home.loginText')} onLogin={() => void login('/parent')} />;
  if (!isParent) return <NotAParent />;

  const remove = async (child: LinkedChild) => {
    if (removing) return;
    setRemoving(true);
    try {
      await removeLink(api, child.id);
      toast.success(t('parents.home.unlinked', { name: child.name }));
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
      <h1>{t('parents.myChildren')}</h1>
      <nav aria-label={t('parents.home.nav')} className="parents__nav">
        <Link to="/parent/payments">{t('parents.home.payments')}</Link>
        <a href="#parent-email-settings">{t('parents.alerts.title')}</a>
      </nav>
      <section aria-labelledby="parents-children-title">
        <h2 id="parents-children-title" className="visually-hidden">{t('parents.home.yourChildren')}</h2>
        {links.status === 'loading' && <LoadingView label={t('parents.home.loading')} />}
        {links.status === 'error' && <ErrorPanel message={links.message} onRetry={links.reload} />}
        {links.status === 'ready' && links.data.children.length === 0 && (
          <p className="parents__card">{t('parents.home.noChild')}</p>
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
          name={unlinking.name || t('parents.home.yourChild')}
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
