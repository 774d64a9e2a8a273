import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  formatFileSize,
  type AssignmentFileKind,
  type AssignmentForMember,
  type AssignmentSubmission,
} from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  Trans,
  useApi,
  useFormat,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { handIn, useCourseAssignments } from '../data/assignmentsApi';
import './AssignmentPanel.css';

interface AssignmentPanelProps {
  courseId: string;
  assignmentId: string;
}

/** The kinds as a readable list in the language shown: "PDF or PNG image" (the contracts' describeFileKinds, translated). */
export function fileKindsText(t: TFunction, kinds: readonly AssignmentFileKind[]): string {
  const label: Record<AssignmentFileKind, string> = {
    pdf: t('assignments.kinds.pdf'),
    jpg: t('assignments.kinds.jpg'),
    png: t('assignments.kinds.png'),
    docx: t('assignments.kinds.docx'),
  };
  const labels = kinds.map((kind) => label[kind]);
  return labels.length <= 1 ? (labels[0] ?? '') : t('assignments.kindsList', { first: labels.slice(0, -1).join(', '), last: labels.at(-1) });
}

/** One chapter assignment in the player: what to do, the learner's hand-in, and the educator's marks and feedback. */
export function AssignmentPanel({ courseId, assignmentId }: AssignmentPanelProps) {
  const { t } = useTranslation('learner-study');
  const assignments = useCourseAssignments(courseId);
  if (assignments.status === 'loading') return <LoadingView label={t('assignments.loading')} />;
  if (assignments.status === 'error') return <ErrorPanel message={assignments.message} onRetry={assignments.reload} />;
  const assignment = assignments.data.find((entry) => entry.id === assignmentId);
  if (!assignment) return <p role="status">{t('assignments.gone')}</p>;
  return <AssignmentView courseId={courseId} assignment={assignment} />;
}

function AssignmentView({ courseId, assignment }: { courseId: string; assignment: AssignmentForMember }) {
  const { t } = useTranslation('learner-study');
  const format = useFormat();
  const submission = assignment.mySubmission;
  const titleId = useId();
  return (
    <section className="assignment" aria-labelledby={titleId}>
      <h2 id={titleId} className="assignment__title">
        {t('assignments.title', { title: assignment.title })}
      </h2>
      <dl className="assignment__facts">
        <div>
          <dt>{t('assignments.maxMarks')}</dt>
          <dd>{assignment.maxMarks}</dd>
        </div>
        <div>
          <dt>{t('assignments.due')}</dt>
          <dd>{assignment.dueDate ? format.date(`${assignment.dueDate}T12:00:00+05:30`) : t('assignments.noDueDate')}</dd>
        </div>
        <div>
          <dt>{t('assignments.howToHandIn')}</dt>
          <dd>
            {assignment.acceptedFileTypes.length > 0
              ? t('assignments.fileOrText', { kinds: fileKindsText(t, assignment.acceptedFileTypes) })
              : t('assignments.textOnly')}
          </dd>
        </div>
      </dl>
      <p className="assignment__instructions">{assignment.instructions}</p>
      {submission && <HandedIn submission={submission} maxMarks={assignment.maxMarks} />}
      {!submission?.reviewedAt && <HandInForm courseId={courseId} assignment={assignment} />}
    </section>
  );
}

function HandedIn({ submission, maxMarks }: { submission: AssignmentSubmission; maxMarks: number }) {
  const { t } = useTranslation('learner-study');
  const format = useFormat();
  return (
    <div className="assignment__submission">
      <h3>{t('assignments.yourWork')}</h3>
      <p>
        {submission.reviewedAt
          ? t('assignments.handedInReviewed', { date: format.date(submission.submittedAt), reviewed: format.date(submission.reviewedAt) })
          : t('assignments.handedInWaiting', { date: format.date(submission.submittedAt) })}
      </p>
      {submission.file && (
        <p>
          <a href={submission.file.url} download={submission.file.name}>
            {submission.file.name}
          </a>{' '}
          ({formatFileSize(submission.file.bytes)})
        </p>
      )}
      {submission.textHtml && <div className="assignment__text" dangerouslySetInnerHTML={{ __html: submission.textHtml }} />}
      {submission.reviewedAt && (
        <div className="assignment__review" role="status">
          <p className="assignment__marks">
            <Trans t={t} i18nKey="assignments.marks" values={{ marks: submission.marks, maxMarks }} components={{ strong: <strong /> }} />
          </p>
          <h4>{t('assignments.feedback')}</h4>
          {submission.feedbackHtml && <div className="assignment__text" dangerouslySetInnerHTML={{ __html: submission.feedbackHtml }} />}
        </div>
      )}
    </div>
  );
}

/** The hand-in's checks: the same limits the server applies, said before the upload starts, in the language shown. */
const handInSchema = (t: TFunction) =>
  z
    .object({ file: z.custom<FileList>().optional(), text: z.string() })
    .superRefine(({ file, text }, context) => {
      const chosen = file?.[0];
      if (!chosen && !text.trim()) context.addIssue({ code: 'custom', path: ['root'], message: t('assignments.attachOrWrite') });
      if (chosen && chosen.size > ASSIGNMENT_FILE_MAX_BYTES) {
        context.addIssue({ code: 'custom', path: ['file'], message: t('assignments.fileTooLarge', { size: formatFileSize(ASSIGNMENT_FILE_MAX_BYTES) }) });
      }
    });
type HandInValues = z.infer<ReturnType<typeof handInSchema>>;

function HandInForm({ courseId, assignment }: { courseId: string; assignment: AssignmentForMember }) {
  const { t } = useTranslation('learner-study');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, setError, formState } = useForm<HandInValues>({ defaultValues: { text: '' }, resolver: zodResolver(handInSchema(t)) });
  const busy = formState.isSubmitting;
  const fileId = useId();
  const textId = useId();
  const problemId = useId();
  const accepts = assignment.acceptedFileTypes.length > 0;
  const again = assignment.mySubmission !== null;
  const fileProblem = formState.errors.file?.message;
  const problem = formState.errors.root?.message ?? formState.errors.root?.server?.message;

  const submit = handleSubmit(async ({ file, text }) => {
    try {
      const answer = await handIn(api, courseId, assignment.id, file?.[0] ?? null, text);
      toast.success(answer.message);
      reset();
      // The hand-in and the progress (the assignment step) both changed.
      await queryClient.invalidateQueries({ queryKey: queryKeys.learner.all });
    } catch (error) {
      setError('root.server', { message: errorMessage(error) });
    }
  });
  const fields = { file: register('file'), text: register('text') };

  return (
    <form className="assignment__form" onSubmit={(event) => void (busy ? event.preventDefault() : submit(event))} aria-describedby={problem ? problemId : undefined} noValidate>
      <h3>{again ? t('assignments.handInAgain') : t('assignments.handInYourWork')}</h3>
      {again && <p>{t('assignments.canReplace')}</p>}
      {accepts && (
        <div className="field">
          <label htmlFor={fileId}>{t('assignments.fileLabel', { kinds: fileKindsText(t, assignment.acceptedFileTypes), size: formatFileSize(ASSIGNMENT_FILE_MAX_BYTES) })}</label>
          <input
            id={fileId}
            type="file"
            accept={assignment.acceptedFileTypes.map((kind) => `.${ASSIGNMENT_FILE_TYPES[kind].extension},${ASSIGNMENT_FILE_TYPES[kind].mime}`).join(',')}
            aria-invalid={fileProblem ? true : undefined}
            aria-describedby={fileProblem ? `${fileId}-error` : undefined}
            {...fields.file}
          />
          {fileProblem && (
            <p id={`${fileId}-error`} className="assignment__problem" role="alert">
              {fileProblem}
            </p>
          )}
        </div>
      )}
      <div className="field">
        <label htmlFor={textId}>{accepts ? t('assignments.yourAnswerOptional') : t('assignments.yourAnswer')}</label>
        <textarea id={textId} rows={6} maxLength={4000} {...fields.text} />
      </div>
      {problem && (
        <p id={problemId} className="assignment__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('assignments.handingIn') : again ? t('assignments.handInAgain') : t('assignments.handIn')}
      </button>
    </form>
  );
}
