import {
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_FILE_TYPES,
  describeFileKinds,
  formatFileSize,
  formatDate,
  type AssignmentForMember,
  type AssignmentSubmission,
} from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { handIn, useCourseAssignments } from '../data/assignmentsApi';
import './AssignmentPanel.css';

interface AssignmentPanelProps {
  courseId: string;
  assignmentId: string;
}

/** One chapter assignment in the player: what to do, the learner's hand-in, and the educator's marks and feedback. */
export function AssignmentPanel({ courseId, assignmentId }: AssignmentPanelProps) {
  const assignments = useCourseAssignments(courseId);
  if (assignments.isPending) return <LoadingView label="Loading the assignment" />;
  if (assignments.isError) return <ErrorPanel message={errorMessage(assignments.error)} onRetry={() => void assignments.refetch()} />;
  const assignment = assignments.data.find((entry) => entry.id === assignmentId);
  if (!assignment) return <p role="status">This assignment is no longer part of the course.</p>;
  return <AssignmentView courseId={courseId} assignment={assignment} />;
}

function AssignmentView({ courseId, assignment }: { courseId: string; assignment: AssignmentForMember }) {
  const submission = assignment.mySubmission;
  const titleId = useId();
  return (
    <section className="assignment" aria-labelledby={titleId}>
      <h2 id={titleId} className="assignment__title">
        Assignment: {assignment.title}
      </h2>
      <dl className="assignment__facts">
        <div>
          <dt>Max marks</dt>
          <dd>{assignment.maxMarks}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{assignment.dueDate ? formatDate(`${assignment.dueDate}T12:00:00+05:30`) : 'No due date'}</dd>
        </div>
        <div>
          <dt>Hand in</dt>
          <dd>{assignment.acceptedFileTypes.length > 0 ? `A ${describeFileKinds(assignment.acceptedFileTypes)} file, or a written answer` : 'A written answer'}</dd>
        </div>
      </dl>
      <p className="assignment__instructions">{assignment.instructions}</p>
      {submission && <HandedIn submission={submission} maxMarks={assignment.maxMarks} />}
      {!submission?.reviewedAt && <HandInForm courseId={courseId} assignment={assignment} />}
    </section>
  );
}

function HandedIn({ submission, maxMarks }: { submission: AssignmentSubmission; maxMarks: number }) {
  return (
    <div className="assignment__submission">
      <h3>Your work</h3>
      <p>
        Handed in on {formatDate(submission.submittedAt)}
        {submission.reviewedAt ? `, reviewed on ${formatDate(submission.reviewedAt)}` : ': waiting for your educator\u2019s review'}
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
            Marks: <strong>{submission.marks}</strong> / {maxMarks}
          </p>
          <h4>Feedback from your educator</h4>
          {submission.feedbackHtml && <div className="assignment__text" dangerouslySetInnerHTML={{ __html: submission.feedbackHtml }} />}
        </div>
      )}
    </div>
  );
}

function HandInForm({ courseId, assignment }: { courseId: string; assignment: AssignmentForMember }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const textId = useId();
  const problemId = useId();
  const accepts = assignment.acceptedFileTypes.length > 0;
  const again = assignment.mySubmission !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileInput.current?.files?.[0] ?? null;
    // The same limits the server applies, said before the upload starts.
    if (!file && !text.trim()) return setProblem('Attach a file or write your answer');
    if (file && file.size > ASSIGNMENT_FILE_MAX_BYTES) return setProblem(`The file is larger than the ${formatFileSize(ASSIGNMENT_FILE_MAX_BYTES)} allowed`);
    setProblem(null);
    setBusy(true);
    try {
      const answer = await handIn(api, courseId, assignment.id, file, text);
      toast.success(answer.message);
      setText('');
      if (fileInput.current) fileInput.current.value = '';
      // The hand-in and the progress (the assignment step) both changed.
      await queryClient.invalidateQueries({ queryKey: queryKeys.learner.all });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="assignment__form" onSubmit={(event) => void submit(event)} aria-describedby={problem ? problemId : undefined} noValidate>
      <h3>{again ? 'Hand in again' : 'Hand in your work'}</h3>
      {again && <p>You can replace your work until your educator reviews it.</p>}
      {accepts && (
        <div className="field">
          <label htmlFor={fileId}>File ({describeFileKinds(assignment.acceptedFileTypes)}, up to {formatFileSize(ASSIGNMENT_FILE_MAX_BYTES)})</label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept={assignment.acceptedFileTypes.map((kind) => `.${ASSIGNMENT_FILE_TYPES[kind].extension},${ASSIGNMENT_FILE_TYPES[kind].mime}`).join(',')}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={textId}>Your answer{accepts ? ' (optional with a file)' : ''}</label>
        <textarea id={textId} rows={6} value={text} maxLength={4000} onChange={(event) => setText(event.target.value)} />
      </div>
      {problem && (
        <p id={problemId} className="assignment__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Handing in…' : again ? 'Hand in again' : 'Hand in'}
      </button>
    </form>
  );
}
