import { QUIZ_CHOICES_MAX, QUIZ_QUESTION_KINDS, QUIZ_QUESTIONS_MAX, type ParsedQuizInput, type QuizInput } from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '@academy/ui';
import { createPortal } from 'react-dom';
import { useTranslation } from '@academy/platform';
import { get, useFieldArray, useForm, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import {
  emptyQuestionFields,
  emptyQuizFields,
  quizFieldsFromInput,
  quizFormSchema,
  type QuizFields,
} from '../data/courseFormSchema';
import { useCourseText, type CourseText } from '../useCourseText';

export interface QuizDialogProps {
  chapterTitle: string;
  /** The chapter's quiz when it has one (editing keeps its ids). */
  quiz: QuizInput | null;
  onSave: (quiz: QuizInput) => void;
  onClose: () => void;
}

// The contract's quiz schema judges the typed values; a valid quiz comes out parsed (numbers, nulls).
const quizResolver = zodResolver(quizFormSchema) as unknown as Resolver<QuizFields, unknown, ParsedQuizInput>;

interface FieldProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  hint?: string;
}

/** A labelled field with its error under it (aria-invalid, aria-describedby). */
function Field({ id, label, error, children, hint }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The message of the rule broken at `path`, in the language shown (the contract's rules speak English). */
const messageAt = (text: CourseText, errors: FieldErrors<QuizFields>, path: string): string | undefined => {
  const found = get(errors, path) as { message?: string; root?: { message?: string } } | undefined;
  return text.fieldError(found?.message ?? found?.root?.message);
};

function QuestionEditor({
  index,
  control,
  register,
  errors,
  kind,
  baseId,
  onRemove,
}: {
  index: number;
  control: Control<QuizFields, unknown, ParsedQuizInput>;
  register: UseFormRegister<QuizFields>;
  errors: FieldErrors<QuizFields>;
  kind: QuizFields['questions'][number]['kind'];
  baseId: string;
  onRemove?: () => void;
}) {
  const choices = useFieldArray({ control, name: `questions.${index}.choices` });
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const n = index + 1;
  const id = `${baseId}-q${index}`;
  const path = `questions.${index}`;
  const choicesError = messageAt(text, errors, `${path}.choices`);
  return (
    <fieldset className="quiz-question">
      <legend>{t('addCourse.quiz.question', { n })}</legend>
      <Field id={`${id}-kind`} label={t('addCourse.quiz.kind', { n })} error={undefined}>
        {(props) => (
          <select {...props} {...register(`questions.${index}.kind`)}>
            {QUIZ_QUESTION_KINDS.map((option) => (
              <option key={option} value={option}>
                {text.quizKind(option)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-prompt`} label={t('addCourse.quiz.prompt', { n })} error={messageAt(text, errors, `${path}.prompt`)}>
        {(props) => <textarea rows={2} maxLength={1000} {...props} {...register(`questions.${index}.prompt`)} />}
      </Field>
      <Field id={`${id}-points`} label={t('addCourse.quiz.points', { n })} error={messageAt(text, errors, `${path}.points`)}>
        {(props) => <input type="number" min={1} max={100} step={1} inputMode="numeric" {...props} {...register(`questions.${index}.points`)} />}
      </Field>
      {kind === 'numeric' ? (
        <div className="course-form__row">
          <Field id={`${id}-answer`} label={t('addCourse.quiz.answer', { n })} error={messageAt(text, errors, `${path}.answer`)}>
            {(props) => <input type="number" step="any" inputMode="decimal" {...props} {...register(`questions.${index}.answer`)} />}
          </Field>
          <Field id={`${id}-tolerance`} label={t('addCourse.quiz.tolerance', { n })} error={messageAt(text, errors, `${path}.tolerance`)}>
            {(props) => <input type="number" min={0} step="any" inputMode="decimal" {...props} {...register(`questions.${index}.tolerance`)} />}
          </Field>
        </div>
      ) : (
        <div className="quiz-question__choices" role="group" aria-labelledby={`${id}-choices-label`} aria-describedby={choicesError ? `${id}-choices-error` : undefined}>
          <p id={`${id}-choices-label`} className="form-field__label">
            {kind === 'single' ? t('addCourse.quiz.choicesSingle', { n }) : t('addCourse.quiz.choicesMultiple', { n })}
          </p>
          {choices.fields.map((choice, choiceIndex) => (
            <div key={choice.id} className="quiz-choice">
              <Field
                id={`${id}-c${choiceIndex}`}
                label={
                  <>
                    <span className="visually-hidden">{t('addCourse.quiz.choiceQuestionHidden', { n })}</span>
                    {t('addCourse.quiz.choice', { number: choiceIndex + 1 })}
                  </>
                }
                error={messageAt(text, errors, `${path}.choices.${choiceIndex}.text`)}
              >
                {(props) => <input type="text" maxLength={300} {...props} {...register(`questions.${index}.choices.${choiceIndex}.text`)} />}
              </Field>
              <div className="form-field form-field--checkbox">
                <input id={`${id}-c${choiceIndex}-correct`} type="checkbox" {...register(`questions.${index}.choices.${choiceIndex}.correct`)} />
                <label htmlFor={`${id}-c${choiceIndex}-correct`}>
                  {t('addCourse.quiz.correct')}
                  <span className="visually-hidden">{t('addCourse.quiz.correctHidden', { n, number: choiceIndex + 1 })}</span>
                </label>
              </div>
              <button
                type="button"
                className="icon-button"
                aria-label={t('addCourse.quiz.removeChoice', { n, number: choiceIndex + 1 })}
                onClick={() => choices.remove(choiceIndex)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          ))}
          {choicesError && (
            <p id={`${id}-choices-error`} className="form-field__error">
              {choicesError}
            </p>
          )}
          {choices.fields.length < QUIZ_CHOICES_MAX && (
            <button type="button" className="link-button" onClick={() => choices.append({ text: '', correct: false })}>
              {t('addCourse.quiz.addChoice')}
              <span className="visually-hidden">{t('addCourse.quiz.addChoiceHidden', { n })}</span>
            </button>
          )}
        </div>
      )}
      <Field id={`${id}-explanation`} label={t('addCourse.quiz.explanation', { n })} error={messageAt(text, errors, `${path}.explanation`)}>
        {(props) => <textarea rows={2} maxLength={2000} {...props} {...register(`questions.${index}.explanation`)} />}
      </Field>
      {onRemove && (
        <button type="button" className="link-button" onClick={onRemove}>
          {t('addCourse.quiz.removeQuestion', { n })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The chapter quiz dialog (WAI-ARIA modal dialog, like Add Lecture): title, pass mark, attempt limit and questions
 * of three kinds. react-hook-form with the contract's quiz schema; saving a valid quiz puts it on the chapter.
 */
export function QuizDialog({ chapterTitle, quiz, onSave, onClose }: QuizDialogProps) {
  const { register, control, handleSubmit, watch, formState } = useForm<QuizFields, unknown, ParsedQuizInput>({
    defaultValues: quiz ? quizFieldsFromInput(quiz) : emptyQuizFields(),
    resolver: quizResolver,
  });
  const { errors } = formState;
  const questions = useFieldArray({ control, name: 'questions' });
  const kinds = watch('questions').map((question) => question.kind);
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  const { t } = useTranslation('educator');
  const text = useCourseText();
  const titleId = useId();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.stopPropagation(); // the portal's events bubble to the course form
    void handleSubmit((parsed) => onSave({ ...parsed, ...(quiz?.quizId ? { quizId: quiz.quizId } : {}) }))(event);
  };

  const questionsError = messageAt(text, errors, 'questions');
  // The quiz's own fields (names are keys, not text: kept out of the JSX the text rule reads).
  const registered = { title: register('title'), passMark: register('passMark'), attemptLimit: register('attemptLimit') };

  return createPortal(
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog dialog--wide" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="dialog__header">
          <h2 id={titleId}>{quiz ? t('addCourse.quiz.editTitle') : t('addCourse.quiz.addTitle')}</h2>
          <button type="button" className="dialog__close" aria-label={t('addCourse.dialog.close')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="dialog__context">{t('addCourse.dialog.chapter', { title: chapterTitle })}</p>
        <form noValidate onSubmit={submit}>
          <Field id={`${id}-title`} label={t('addCourse.quiz.title')} error={text.fieldError(errors.title?.message)}>
            {(props) => <input type="text" maxLength={200} {...props} {...registered.title} />}
          </Field>
          <div className="course-form__row">
            <Field id={`${id}-pass`} label={t('addCourse.quiz.passMark')} error={text.fieldError(errors.passMark?.message)}>
              {(props) => <input type="number" min={0} max={100} step={1} inputMode="numeric" {...props} {...registered.passMark} />}
            </Field>
            <Field
              id={`${id}-limit`}
              label={t('addCourse.quiz.attemptLimit')}
              hint={t('addCourse.quiz.attemptLimitHint')}
              error={text.fieldError(errors.attemptLimit?.message)}
            >
              {(props) => <input type="number" min={1} max={100} step={1} inputMode="numeric" {...props} {...registered.attemptLimit} />}
            </Field>
          </div>
          {questions.fields.map((question, index) => (
            <QuestionEditor
              key={question.id}
              index={index}
              control={control}
              register={register}
              errors={errors}
              kind={kinds[index] ?? 'single'}
              baseId={id}
              onRemove={questions.fields.length > 1 ? () => questions.remove(index) : undefined}
            />
          ))}
          {questionsError && <p className="form-field__error">{questionsError}</p>}
          {questions.fields.length < QUIZ_QUESTIONS_MAX && (
            <button type="button" className="link-button" onClick={() => questions.append(emptyQuestionFields())}>
              {t('addCourse.quiz.addQuestion')}
            </button>
          )}
          <button type="submit" className="button dialog__submit">
            {t('addCourse.quiz.save')}
          </button>
        </form>
      </div>
    </div>,
    document.body,
  );
}
