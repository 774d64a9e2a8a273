import { BOARDS, learnerProfileSchema, SCHOOL_CLASSES, userProfileRoute, type LearnerProfile } from '@academy/contracts';
import {
  callApi,
  errorMessage,
  queryKeys,
  translateMessage,
  useApi,
  useCurrentUser,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTaxonomyLabels } from '../common/taxonomy';
import './ClassForm.css';

interface ClassFormProps {
  /** Asked after the first sign-in: the screen offers "Skip for now" and says it is asked once. */
  firstTime?: boolean;
  /** After the answer (or the skip) is saved. */
  onDone?(): void;
}

/** The two selects as typed ('' is "Not set"), judged by the contract's profile schema. */
const classFormSchema = z.object({
  schoolClass: z
    .string()
    .transform((value) => (value ? Number(value) : null))
    .pipe(learnerProfileSchema.shape.schoolClass),
  board: z
    .string()
    .transform((value) => value || null)
    .pipe(learnerProfileSchema.shape.board),
});
type ClassFormInput = z.input<typeof classFormSchema>;

/** The learner's class and board, kept on their profile by the progress service. */
export function ClassForm({ firstTime = false, onDone }: ClassFormProps) {
  const { t } = useTranslation('learner');
  const labels = useTaxonomyLabels();
  const { user, reload } = useCurrentUser();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<ClassFormInput, unknown, LearnerProfile>({
    defaultValues: { schoolClass: user?.schoolClass ? String(user.schoolClass) : '', board: user?.board ?? '' },
    resolver: zodResolver(classFormSchema),
  });
  const { errors } = formState;
  // "Skip for now" saves too, outside the form's submit.
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const classId = useId();
  const boardId = useId();

  const save = async (profile: LearnerProfile) => {
    setSaving(true);
    try {
      await callApi(api, userProfileRoute, { body: profile });
      await reload();
      // Lists chosen for the learner's class (home, My Enrollments) follow the new class.
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all });
      if (!firstTime) toast.success(t('profile.saved'));
      onDone?.();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const submit = handleSubmit(save);
  /** aria-invalid and aria-describedby of a select, and its error under it (the contract's words, translated). */
  const errorOf = (name: keyof ClassFormInput, fieldId: string) => {
    const message = errors[name]?.message;
    const errorId = `${fieldId}-error`;
    return {
      inputProps: { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? errorId : undefined },
      text: message ? (
        <p id={errorId} className="class-form__error">
          {translateMessage(message)}
        </p>
      ) : null,
    };
  };
  const classError = errorOf('schoolClass', classId);
  const boardError = errorOf('board', boardId);
  const fields = { schoolClass: register('schoolClass'), board: register('board') };

  return (
    <section className="class-form" aria-labelledby={titleId}>
      <h1 id={titleId}>{firstTime ? t('profile.firstTitle') : t('profile.title')}</h1>
      <p className="class-form__intro">{firstTime ? t('profile.firstIntro') : t('profile.intro')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate className="class-form__form">
        <div className="class-form__field">
          <label htmlFor={classId}>{t('profile.class')}</label>
          <select id={classId} {...fields.schoolClass} {...classError.inputProps}>
            <option value="">{t('profile.notSet')}</option>
            {SCHOOL_CLASSES.map((value) => (
              <option key={value} value={value}>
                {labels.classRange(value, value)}
              </option>
            ))}
          </select>
          {classError.text}
        </div>
        <div className="class-form__field">
          <label htmlFor={boardId}>{t('profile.board')}</label>
          <select id={boardId} {...fields.board} {...boardError.inputProps}>
            <option value="">{t('profile.notSet')}</option>
            {BOARDS.map((option) => (
              <option key={option.slug} value={option.slug}>
                {labels.board(option.slug)}
              </option>
            ))}
          </select>
          {boardError.text}
        </div>
        <div className="class-form__actions">
          <button type="submit" className="button" disabled={saving} aria-busy={saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
          {firstTime && (
            <button type="button" className="button button--secondary" disabled={saving} onClick={() => void save({ schoolClass: null, board: null })}>
              {t('profile.skip')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
