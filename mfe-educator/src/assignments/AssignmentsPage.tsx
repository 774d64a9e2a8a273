import {
  ASSIGNMENT_FILE_KINDS,
  ASSIGNMENT_FILE_TYPES,
  assignmentInputSchema,
  describeFileKinds,
  type AssignmentFileKind,
  type AssignmentForMember,
  type AssignmentInput,
} from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
import { useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { fetchCourseForEditing } from '../add-course/data/authoringApi';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { fetchCourseAssignments, removeAssignment, saveAssignment } from './assignmentsApi';
import './assignments.css';

/** yyyy-mm-dd → dd/mm/yyyy (a calendar day: no time zone involved). */
export const dueDateForDisplay = (day: string): string => day.split('-').reverse().join('/');
/** dd/mm/yyyy → yyyy-mm-dd; anything else is kept as typed, so the schema refuses it with its message. */
export const dueDateForServer = (typed: string): string | null => {
  const trimmed = typed.trim();
  if (!trimmed) return null;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : trimmed;
};

/** /educator/assignments?course=…: a course's chapter assignments, added, changed and removed here. */
export function AssignmentsPage() {
  const api = useApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('course') ?? '';
  const courses = useQuery({ queryKey: queryKeys.educator.myCourses(), queryFn: () => fetchMyCourses(api) });
  const course = useQuery({ queryKey: queryKeys.educator.courseForEditing(courseId), queryFn: () => fetchCourseForEditing(api, courseId), enabled: courseId !== '' });
  const assignments = useQuery({ queryKey: queryKeys.educator.courseAssignments(courseId), queryFn: () => fetchCourseAssignments(api, courseId), enabled: courseId !== '' });
  const [editing, setEditing] = useState<{ chapterId: string; assignment: AssignmentForMember | null } | null>(null);
  const selectId = useId();

  const chapters = [...(course.data?.courseContent ?? [])].sort((a, b) => a.chapterOrder - b.chapterOrder);
  return (
    <section className="assignments-page">
      <h1 className="page-title">Assignments</h1>
      <p>Set work for a chapter. Learners hand in a file or a written answer; you review each from the Inbox. A chapter&apos;s assignments count toward completion and the certificate once reviewed.</p>
      <div className="assignments-page__course">
        <label htmlFor={selectId}>Course</label>
        <select
          id={selectId}
          value={courseId}
          onChange={(event) => {
            setEditing(null);
            setSearchParams(event.target.value ? { course: event.target.value } : {});
          }}
        >
          <option value="">Choose a course</option>
          {(courses.data ?? []).map((option) => (
            <option key={option._id} value={option._id}>
              {option.courseTitle}
            </option>
          ))}
        </select>
      </div>
      {courseId === '' ? null : course.isError || assignments.isError ? (
        <ErrorPanel message={errorMessage(course.error ?? assignments.error)} onRetry={() => void Promise.all([course.refetch(), assignments.refetch()])} />
      ) : course.isPending || assignments.isPending ? (
        <LoadingView label="Loading the assignments" />
      ) : (
        <ol className="assignments-page__chapters">
          {chapters.map((chapter, index) => {
            const own = assignments.data.filter((assignment) => assignment.chapterId === chapter.chapterId);
            return (
              <li key={chapter.chapterId} className="assignments-page__chapter">
                <h2>
                  Chapter {index + 1}: {chapter.chapterTitle}
                </h2>
                {own.length === 0 ? (
                  <p>No assignment yet.</p>
                ) : (
                  <ul className="assignments-page__list">
                    {own.map((assignment) => (
                      <AssignmentRow
                        key={assignment.id}
                        courseId={courseId}
                        assignment={assignment}
                        onEdit={() => setEditing({ chapterId: chapter.chapterId, assignment })}
                      />
                    ))}
                  </ul>
                )}
                {editing?.chapterId === chapter.chapterId ? (
                  <AssignmentForm
                    key={editing.assignment?.id ?? 'new'}
                    courseId={courseId}
                    chapterId={chapter.chapterId}
                    chapterTitle={chapter.chapterTitle}
                    assignment={editing.assignment}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <button type="button" className="button button--secondary" onClick={() => setEditing({ chapterId: chapter.chapterId, assignment: null })}>
                    + Add assignment to {chapter.chapterTitle}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function AssignmentRow({ courseId, assignment, onEdit }: { courseId: string; assignment: AssignmentForMember; onEdit(): void }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = async () => {
    if (!window.confirm(`Remove "${assignment.title}"? Work already handed in is kept, but the assignment no longer counts toward completion.`)) return;
    try {
      toast.success(await removeAssignment(api, courseId, assignment.id));
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(courseId) });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="assignments-page__item">
      <article aria-label={`Assignment ${assignment.title}`}>
        <h3>{assignment.title}</h3>
        <p className="assignments-page__meta">
          {assignment.maxMarks} marks · {assignment.dueDate ? `due ${dueDateForDisplay(assignment.dueDate)}` : 'no due date'} ·{' '}
          {assignment.acceptedFileTypes.length > 0 ? `${describeFileKinds(assignment.acceptedFileTypes)} or text` : 'written answer only'}
          {assignment.counts && ` · ${assignment.counts.awaitingReview} awaiting review, ${assignment.counts.reviewed} reviewed`}
        </p>
        <p className="assignments-page__instructions">{assignment.instructions}</p>
        <div className="assignments-page__actions">
          <button type="button" className="button button--secondary" onClick={onEdit}>
            Edit<span className="visually-hidden"> {assignment.title}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            Remove<span className="visually-hidden"> {assignment.title}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

type FieldErrors = Partial<Record<keyof AssignmentInput | 'form', string>>;

function AssignmentForm({
  courseId,
  chapterId,
  chapterTitle,
  assignment,
  onDone,
}: {
  courseId: string;
  chapterId: string;
  chapterTitle: string;
  assignment: AssignmentForMember | null;
  onDone(): void;
}) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(assignment?.title ?? '');
  const [instructions, setInstructions] = useState(assignment?.instructions ?? '');
  const [dueDate, setDueDate] = useState(assignment?.dueDate ? dueDateForDisplay(assignment.dueDate) : '');
  const [maxMarks, setMaxMarks] = useState(String(assignment?.maxMarks ?? 10));
  const [kinds, setKinds] = useState<AssignmentFileKind[]>(assignment?.acceptedFileTypes ?? ['pdf']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const describedBy = (name: keyof FieldErrors) => (errors[name] ? `${field(name)}-error` : undefined);
  const errorOf = (name: keyof FieldErrors) =>
    errors[name] ? (
      <p id={`${field(name)}-error`} className="assignments-page__error">
        {errors[name]}
      </p>
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: AssignmentInput = {
      chapterId,
      title,
      instructions,
      dueDate: dueDateForServer(dueDate),
      maxMarks: maxMarks.trim() === '' ? Number.NaN : Number(maxMarks),
      acceptedFileTypes: kinds,
    };
    const parsed = assignmentInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form') as keyof FieldErrors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await saveAssignment(api, courseId, input, assignment?.id);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(courseId) });
      onDone();
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="assignments-page__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`${assignment ? 'Edit' : 'Add'} assignment for ${chapterTitle}`}>
      <div className="field">
        <label htmlFor={field('title')}>Title</label>
        <input id={field('title')} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} aria-invalid={Boolean(errors.title)} aria-describedby={describedBy('title')} />
        {errorOf('title')}
      </div>
      <div className="field">
        <label htmlFor={field('instructions')}>Instructions</label>
        <textarea
          id={field('instructions')}
          rows={5}
          value={instructions}
          maxLength={4000}
          onChange={(event) => setInstructions(event.target.value)}
          aria-invalid={Boolean(errors.instructions)}
          aria-describedby={describedBy('instructions')}
        />
        {errorOf('instructions')}
      </div>
      <div className="assignments-page__row">
        <div className="field">
          <label htmlFor={field('due')}>Due date (dd/mm/yyyy, optional)</label>
          <input
            id={field('due')}
            inputMode="numeric"
            placeholder="dd/mm/yyyy"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            aria-invalid={Boolean(errors.dueDate)}
            aria-describedby={describedBy('dueDate')}
          />
          {errorOf('dueDate')}
        </div>
        <div className="field">
          <label htmlFor={field('marks')}>Max marks</label>
          <input
            id={field('marks')}
            type="number"
            min={1}
            max={1000}
            step={1}
            value={maxMarks}
            onChange={(event) => setMaxMarks(event.target.value)}
            aria-invalid={Boolean(errors.maxMarks)}
            aria-describedby={describedBy('maxMarks')}
          />
          {errorOf('maxMarks')}
        </div>
      </div>
      <fieldset className="assignments-page__kinds" aria-describedby={describedBy('acceptedFileTypes')}>
        <legend>Accepted file types (none: a written answer only)</legend>
        {ASSIGNMENT_FILE_KINDS.map((kind) => (
          <label key={kind}>
            <input
              type="checkbox"
              checked={kinds.includes(kind)}
              onChange={(event) => setKinds(event.target.checked ? [...kinds, kind] : kinds.filter((entry) => entry !== kind))}
            />{' '}
            {ASSIGNMENT_FILE_TYPES[kind].label}
          </label>
        ))}
        {errorOf('acceptedFileTypes')}
      </fieldset>
      {errors.form && (
        <p className="assignments-page__error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="assignments-page__actions">
        <button type="submit" className="button" disabled={busy}>
          {assignment ? 'Save assignment' : 'Add assignment'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
