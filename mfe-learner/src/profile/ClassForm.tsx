import { BOARDS, SCHOOL_CLASSES, userProfileRoute, type Board, type LearnerProfile } from '@academy/contracts';
import { callApi, errorMessage, queryKeys, useApi, useCurrentUser, useToast } from '@academy/platform';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTaxonomyLabels } from '../common/taxonomy';
import './ClassForm.css';

interface ClassFormProps {
  /** Asked after the first sign-in: the screen offers "Skip for now" and says it is asked once. */
  firstTime?: boolean;
  /** After the answer (or the skip) is saved. */
  onDone?(): void;
}

/** The learner's class and board, kept on their profile by the progress service. */
export function ClassForm({ firstTime = false, onDone }: ClassFormProps) {
  const { t } = useTranslation('learner');
  const labels = useTaxonomyLabels();
  const { user, reload } = useCurrentUser();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [schoolClass, setSchoolClass] = useState(user?.schoolClass ? String(user.schoolClass) : '');
  const [board, setBoard] = useState<string>(user?.board ?? '');
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ schoolClass: schoolClass ? Number(schoolClass) : null, board: (board || null) as Board | null });
  };

  return (
    <section className="class-form" aria-labelledby={titleId}>
      <h1 id={titleId}>{firstTime ? t('profile.firstTitle') : t('profile.title')}</h1>
      <p className="class-form__intro">{firstTime ? t('profile.firstIntro') : t('profile.intro')}</p>
      <form onSubmit={submit} className="class-form__form">
        <div className="class-form__field">
          <label htmlFor={classId}>{t('profile.class')}</label>
          <select id={classId} value={schoolClass} onChange={(event) => setSchoolClass(event.target.value)}>
            <option value="">{t('profile.notSet')}</option>
            {SCHOOL_CLASSES.map((value) => (
              <option key={value} value={value}>
                {labels.classRange(value, value)}
              </option>
            ))}
          </select>
        </div>
        <div className="class-form__field">
          <label htmlFor={boardId}>{t('profile.board')}</label>
          <select id={boardId} value={board} onChange={(event) => setBoard(event.target.value)}>
            <option value="">{t('profile.notSet')}</option>
            {BOARDS.map((option) => (
              <option key={option.slug} value={option.slug}>
                {labels.board(option.slug)}
              </option>
            ))}
          </select>
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
