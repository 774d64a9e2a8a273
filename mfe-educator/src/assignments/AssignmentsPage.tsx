import {
  ASSIGNMENT_FILE_KINDS,
  assignmentInputSchema,
  type AssignmentFileKind,
  type AssignmentForMember,
  type AssignmentInput,
} from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  translateMessage,
  useApi,
  useFormat,
  useQuery,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { FieldError, fieldAria } from '../common/FieldError';
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

/** The file kinds' names in the reader's language (the contracts name them in English). */
function fileKindLabels(t: TFunction<'educator'>): Record<AssignmentFileKind, string> {
  return { pdf: t('assignments.kinds.pdf'), jpg: t('assignments.kinds.jpg'), png: t('assignments.kinds.png'), docx: t('assignments.kinds.docx') };
}

/** The kinds as a readable list: "PDF or PNG image" (as describeFileKinds writes it in English). */
function describeKinds(kinds: readonly AssignmentFileKind[], t: TFunction<'educator'>): string {
  const names = fileKindLabels(t);
  const labels = kinds.map((kind) => names[kind]);
  return labels.length <= 1 ? (labels[0] ?? '') : t('assignments.kinds.list', { first: labels.slice(0, -1).join(', '), last: labels.at(-1) });
}

/** /educator/assignments?course=…: a course's chapter assignments, added, changed and removed here. */
export function AssignmentsPage() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const [searchParams, setSearchParams] = useSearchParams();
  const courseId = searchParams.get('course') ?? '';
  const coursesQuery = useQuery({ queryKey: queryKeys.educator.myCourses(), queryFn: () => fetchMyCourses(api) });
  const courseQuery = useQuery({ queryKey: queryKeys.educator.courseForEditing(courseId), queryFn: () => fetchCourseForEditing(api, courseId), enabled: courseId !== '' });
  const assignmentsQuery = useQuery({ queryKey: queryKeys.educator.courseAssignments(courseId), queryFn: () => fetchCourseAssignments(api, courseId), enabled: courseId !== '' });
  const courses = toLoadable(coursesQuery);
  const course = toLoadable(courseQuery);
  const assignments = toLoadable(assignmentsQuery);
  // Either failing shows its message (the course's first); Try again asks for both.
  const failed = course.status === 'error' ? course : assignments.status === 'error' ? assignments : null;
  const [editing, setEditing] = useState<{ chapterId: string; assignment: AssignmentForMember | null } | null>(null);
  const selectId = useId();

  const chapters = [...(course.status === 'ready' ? course.data.courseContent : [])].sort((a, b) => a.chapterOrder - b.chapterOrder);
  return (
    <section className="assignments-page">
      <h1 className="page-title">{t('assignments.title')}</h1>
      <p>{t('assignments.intro')}</p>
      <div className="assignments-page__course">
        <label htmlFor={selectId}>{t('common.course')}</label>
        <select
          id={selectId}
          value={courseId}
          onChange={(event) => {
            setEditing(null);
            setSearchParams(event.target.value ? { course: event.target.value } : {});
          }}
        >
          <option value="">{t('common.chooseCourse')}</option>
          {(courses.status === 'ready' ? courses.data : []).map((option) => (
            <option key={option._id} value={option._id}>
              {option.courseTitle}
            </option>
          ))}
        </select>
      </div>
      {courseId === '' ? null : failed ? (
        <ErrorPanel
          message={failed.message}
          onRetry={() => {
            course.reload();
            assignments.reload();
          }}
        />
      ) : course.status !== 'ready' || assignments.status !== 'ready' ? (
        <LoadingView label={t('assignments.loading')} />
      ) : (
        <ol className="assignments-page__chapters">
          {chapters.map((chapter, index) => {
            const own = assignments.data.filter((assignment) => assignment.chapterId === chapter.chapterId);
            return (
              <li key={chapter.chapterId} className="assignments-page__chapter">
                <h2>{t('assignments.chapter', { number: format.count(index + 1), title: chapter.chapterTitle })}</h2>
                {own.length === 0 ? (
                  <p>{t('assignments.none')}</p>
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
                    {t('assignments.addTo', { title: chapter.chapterTitle })}
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
  const { t } = useTranslation('educator');
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = async () => {
    if (!window.confirm(t('assignments.confirmRemove', { title: assignment.title }))) return;
    try {
      toast.success(await removeAssignment(api, courseId, assignment.id));
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(courseId) });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <li className="assignments-page__item">
      <article aria-label={t('assignments.row.label', { title: assignment.title })}>
        <h3>{assignment.title}</h3>
        <p className="assignments-page__meta">
          {[
            t('assignments.row.marks', { marks: format.count(assignment.maxMarks) }),
            assignment.dueDate ? t('assignments.row.due', { date: dueDateForDisplay(assignment.dueDate) }) : t('assignments.row.noDueDate'),
            assignment.acceptedFileTypes.length > 0 ? t('assignments.row.fileOrText', { kinds: describeKinds(assignment.acceptedFileTypes, t) }) : t('assignments.row.writtenOnly'),
            ...(assignment.counts
              ? [t('assignments.row.counts', { awaiting: format.count(assignment.counts.awaitingReview), reviewed: format.count(assignment.counts.reviewed) })]
              : []),
          ].join(' · ')}
        </p>
        <p className="assignments-page__instructions">{assignment.instructions}</p>
        <div className="assignments-page__actions">
          <button type="button" className="button button--secondary" onClick={onEdit}>
            {t('assignments.row.edit')}<span className="visually-hidden"> {assignment.title}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={() => void remove()}>
            {t('assignments.row.remove')}<span className="visually-hidden"> {assignment.title}</span>
          </button>
        </div>
      </article>
    </li>
  );
}

/** What the form holds: the fields as typed (the due date as dd/mm/yyyy, the marks as text). */
interface AssignmentFields {
  chapterId: string;
  title: string;
  instructions: string;
  dueDate: string;
  maxMarks: string;
  acceptedFileTypes: AssignmentFileKind[];
}

/** The request the typed fields make (an empty marks field is not a number, so the contract refuses it). */
const toAssignmentInput = (fields: AssignmentFields): AssignmentInput => ({
  chapterId: fields.chapterId,
  title: fields.title,
  instructions: fields.instructions,
  dueDate: dueDateForServer(fields.dueDate),
  maxMarks: fields.maxMarks.trim() === '' ? Number.NaN : Number(fields.maxMarks),
  acceptedFileTypes: fields.acceptedFileTypes,
});

// The contract's rules (the server's) judge the request the fields make; each issue lands on the field it names.
// `raw`: the form hands on what was typed, converted once by toAssignmentInput.
const assignmentFormSchema = z
  .object({
    chapterId: z.string(),
    title: z.string(),
    instructions: z.string(),
    dueDate: z.string(),
    maxMarks: z.string(),
    acceptedFileTypes: z.array(z.enum(ASSIGNMENT_FILE_KINDS)),
  })
  .transform(toAssignmentInput)
  .pipe(assignmentInputSchema);
const assignmentResolver = zodResolver(assignmentFormSchema, undefined, { raw: true }) as unknown as Resolver<AssignmentFields>;

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
  const { t } = useTranslation('educator');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AssignmentFields>({
    defaultValues: {
      chapterId,
      title: assignment?.title ?? '',
      instructions: assignment?.instructions ?? '',
      dueDate: assignment?.dueDate ? dueDateForDisplay(assignment.dueDate) : '',
      maxMarks: String(assignment?.maxMarks ?? 10),
      acceptedFileTypes: assignment?.acceptedFileTypes ?? ['pdf'],
    },
    resolver: assignmentResolver,
  });
  const kindLabels = fileKindLabels(t);
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  // The contract's English rule, in the reader's language.
  const message = (name: Exclude<keyof AssignmentFields, 'chapterId'>) => {
    const english = errors[name]?.message;
    return english ? translateMessage(english) : undefined;
  };
  // Registered before the JSX: field names, not text.
  const fields = {
    title: register('title'),
    instructions: register('instructions'),
    dueDate: register('dueDate'),
    maxMarks: register('maxMarks'),
    acceptedFileTypes: register('acceptedFileTypes'),
  };
  const shown = { title: message('title'), instructions: message('instructions'), dueDate: message('dueDate'), maxMarks: message('maxMarks'), kinds: message('acceptedFileTypes') };
  const aria = {
    title: fieldAria(field('title'), shown.title),
    instructions: fieldAria(field('instructions'), shown.instructions),
    dueDate: fieldAria(field('due'), shown.dueDate),
    maxMarks: fieldAria(field('marks'), shown.maxMarks),
    kinds: fieldAria(field('kinds'), shown.kinds),
  };

  const save = async (values: AssignmentFields) => {
    try {
      const answer = await saveAssignment(api, courseId, toAssignmentInput(values), assignment?.id);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.educator.courseAssignments(courseId) });
      onDone();
    } catch (error) {
      setError('root', { message: errorMessage(error) });
    }
  };

  return (
    <form className="assignments-page__form" onSubmit={(event) => void handleSubmit(save)(event)} noValidate aria-label={assignment ? t('assignments.form.editLabel', { chapter: chapterTitle }) : t('assignments.form.addLabel', { chapter: chapterTitle })}>
      <div className="field">
        <label htmlFor={field('title')}>{t('assignments.form.title')}</label>
        <input id={field('title')} maxLength={200} {...fields.title} {...aria.title} />
        <FieldError fieldId={field('title')} message={shown.title} className="assignments-page__error" />
      </div>
      <div className="field">
        <label htmlFor={field('instructions')}>{t('assignments.form.instructions')}</label>
        <textarea
          id={field('instructions')}
          rows={5}
          maxLength={4000}
          {...fields.instructions}
          {...aria.instructions}
        />
        <FieldError fieldId={field('instructions')} message={shown.instructions} className="assignments-page__error" />
      </div>
      <div className="assignments-page__row">
        <div className="field">
          <label htmlFor={field('due')}>{t('assignments.form.dueDate')}</label>
          <input
            id={field('due')}
            inputMode="numeric"
            placeholder={t('assignments.form.datePlaceholder')}
            {...fields.dueDate}
            {...aria.dueDate}
          />
          <FieldError fieldId={field('due')} message={shown.dueDate} className="assignments-page__error" />
        </div>
        <div className="field">
          <label htmlFor={field('marks')}>{t('assignments.form.maxMarks')}</label>
          <input
            id={field('marks')}
            type="number"
            min={1}
            max={1000}
            step={1}
            {...fields.maxMarks}
            {...aria.maxMarks}
          />
          <FieldError fieldId={field('marks')} message={shown.maxMarks} className="assignments-page__error" />
        </div>
      </div>
      <fieldset className="assignments-page__kinds" aria-describedby={aria.kinds['aria-describedby']}>
        <legend>{t('assignments.form.fileTypes')}</legend>
        {ASSIGNMENT_FILE_KINDS.map((kind) => (
          <label key={kind}>
            <input type="checkbox" value={kind} {...fields.acceptedFileTypes} />{' '}
            {kindLabels[kind]}
          </label>
        ))}
        <FieldError fieldId={field('kinds')} message={shown.kinds} className="assignments-page__error" />
      </fieldset>
      {errors.root?.message && (
        <p className="assignments-page__error" role="alert">
          {errors.root.message}
        </p>
      )}
      <div className="assignments-page__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {assignment ? t('assignments.form.save') : t('assignments.form.add')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
