import {
  EDUCATOR_BIO_MAX,
  EDUCATOR_PHOTO_MAX_BYTES,
  EDUCATOR_PHOTO_TOO_LARGE_MESSAGE,
  EDUCATOR_PHOTO_TYPE_MESSAGE,
  EDUCATOR_PHOTO_TYPES,
  EDUCATOR_QUALIFICATIONS_MAX,
  educatorProfileRequestSchema,
  ownEducatorProfileOwnRoute,
  ownEducatorProfileRemovePhotoRoute,
  ownEducatorProfileSavePhotoRoute,
  ownEducatorProfileSaveRoute,
  type EducatorProfile,
} from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  callApi,
  errorMessage,
  learnerPaths,
  queryKeys,
  Trans,
  translateMessage,
  useApi,
  useToast,
  useTranslation,
} from '@academy/platform';
import { Link } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FieldError, fieldAria } from '../common/FieldError';
import { formErrorMessage } from '../common/formError';
import { UnsavedChangesGuard } from '../common/UnsavedChangesGuard';
import { useRemoteData } from '../common/useRemoteData';
import './settings.css';

const fetchProfile = async (api: ReturnType<typeof useApi>) => (await callApi(api, ownEducatorProfileOwnRoute)).profile;

/** /educator/settings: the profile learners see on the educator's page and beside every course. */
export function SettingsPage() {
  const { t } = useTranslation('educator');
  const profile = useRemoteData(queryKeys.educator.profile(), fetchProfile);
  return (
    <div className="settings-page">
      <h1 className="page-title">{t('settings.title')}</h1>
      {profile.state.status === 'loading' && <LoadingView label={t('settings.loading')} />}
      {profile.state.status === 'error' && <ErrorPanel title={t('settings.failed')} message={profile.state.message} onRetry={profile.reload} />}
      {profile.state.status === 'ready' && <PhotoField profile={profile.state.data} onSaved={(saved) => profile.setData(() => saved)} />}
      {profile.state.status === 'ready' && <ProfileForm profile={profile.state.data} onSaved={(saved) => profile.setData(() => saved)} />}
    </div>
  );
}

type ProfileFields = Pick<EducatorProfile, 'displayName' | 'bio' | 'qualifications'>;

// The contract's rules (the server's). `raw`: the form sends what was typed, as before; the server trims it.
const profileResolver = zodResolver(educatorProfileRequestSchema, undefined, { raw: true }) as unknown as Resolver<ProfileFields>;

function ProfileForm({ profile, onSaved }: { profile: EducatorProfile; onSaved(profile: EducatorProfile): void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileFields>({
    defaultValues: { displayName: profile.displayName, bio: profile.bio, qualifications: profile.qualifications },
    resolver: profileResolver,
  });
  const publicPath = learnerPaths.educator.replace(':educatorId', encodeURIComponent(profile.id));
  // The contract's English rules in the reader's language, each under its field.
  const shown = (name: keyof ProfileFields) => {
    const english = errors[name]?.message;
    return english ? translateMessage(english) : undefined;
  };
  const messages = { displayName: shown('displayName'), qualifications: shown('qualifications'), bio: shown('bio') };
  // Built before the JSX: field names, not text.
  const fields = {
    displayName: { ...register('displayName'), ...fieldAria(`${id}-name`, messages.displayName) },
    qualifications: { ...register('qualifications'), ...fieldAria(`${id}-qualifications`, messages.qualifications) },
    bio: { ...register('bio'), ...fieldAria(`${id}-bio`, messages.bio, `${id}-bio-count`) },
  };

  const save = async (values: ProfileFields) => {
    try {
      const saved = (await callApi(api, ownEducatorProfileSaveRoute, { body: values })).profile;
      onSaved(saved);
      reset({ displayName: saved.displayName, bio: saved.bio, qualifications: saved.qualifications });
      toast.success(t('settings.profile.saved'));
    } catch (failure) {
      setError('root', { message: formErrorMessage(failure) });
    }
  };

  return (
    <form className="profile-form" onSubmit={(event) => void handleSubmit(save)(event)} noValidate aria-labelledby={`${id}-title`} aria-busy={isSubmitting}>
      <h2 id={`${id}-title`} className="profile-form__title">
        {t('settings.profile.title')}
      </h2>
      <p className="profile-form__hint">
        <Trans t={t} i18nKey="settings.profile.hint" components={{ pageLink: <Link to={publicPath} /> }} />
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t('settings.profile.displayName')}</label>
        <input id={`${id}-name`} type="text" required minLength={2} maxLength={80} {...fields.displayName} />
        <FieldError fieldId={`${id}-name`} message={messages.displayName} className="profile-form__error" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-qualifications`}>{t('settings.profile.qualifications')}</label>
        <input
          id={`${id}-qualifications`}
          type="text"
          maxLength={EDUCATOR_QUALIFICATIONS_MAX}
          placeholder={t('settings.profile.qualificationsPlaceholder')}
          {...fields.qualifications}
        />
        <FieldError fieldId={`${id}-qualifications`} message={messages.qualifications} className="profile-form__error" />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-bio`}>{t('settings.profile.bio')}</label>
        <textarea id={`${id}-bio`} rows={6} maxLength={EDUCATOR_BIO_MAX} {...fields.bio} />
        <span id={`${id}-bio-count`} className="profile-form__hint">
          {t('settings.profile.bioCount', { length: watch('bio').length, max: EDUCATOR_BIO_MAX })}
        </span>
        <FieldError fieldId={`${id}-bio`} message={messages.bio} className="profile-form__error" />
      </div>
      <div role="alert" className="profile-form__error">
        {errors.root?.message}
      </div>
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('common.saving') : t('settings.profile.save')}
      </button>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} what={t('settings.profile.unsavedWhat')} />
    </form>
  );
}

/**
 * The photo on the public page: uploaded here (PNG, JPEG or WebP up to 2 MB; the server judges the file by its
 * bytes, this field only spares a pointless upload), or removed to show the account's picture again.
 */
function PhotoField({ profile, onSaved }: { profile: EducatorProfile; onSaved(profile: EducatorProfile): void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<{ profile: EducatorProfile }>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      onSaved((await work()).profile);
      toast.success(done);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(EDUCATOR_PHOTO_TYPES as readonly string[]).includes(file.type)) return setError(translateMessage(EDUCATOR_PHOTO_TYPE_MESSAGE));
    if (file.size > EDUCATOR_PHOTO_MAX_BYTES) return setError(translateMessage(EDUCATOR_PHOTO_TOO_LARGE_MESSAGE));
    const form = new FormData();
    form.append('photo', file);
    void run(() => callApi(api, ownEducatorProfileSavePhotoRoute, { form }), t('settings.photo.saved'));
  };

  return (
    <section className="profile-form profile-photo" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="profile-form__title">
        {t('settings.photo.title')}
      </h2>
      <div className="profile-photo__row">
        {profile.photoUrl ? (
          <img className="profile-photo__image" src={profile.photoUrl} alt={t('settings.photo.alt', { name: profile.displayName })} width={96} height={96} />
        ) : (
          <span className="profile-photo__image profile-photo__image--initial" aria-hidden="true">
            {profile.displayName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="form-field">
          <label htmlFor={`${id}-photo`}>{profile.hasUploadedPhoto ? t('settings.photo.change') : t('settings.photo.upload')}</label>
          <input
            ref={inputRef}
            id={`${id}-photo`}
            type="file"
            accept={EDUCATOR_PHOTO_TYPES.join(',')}
            disabled={busy}
            aria-describedby={`${id}-photo-hint${error ? ` ${id}-photo-error` : ''}`}
            aria-invalid={error ? true : undefined}
            onChange={choose}
          />
          <p id={`${id}-photo-hint`} className="profile-form__hint">
            {t('settings.photo.hint')} {profile.hasUploadedPhoto ? '' : t('settings.photo.untilUploaded')}
          </p>
          {error && (
            <p id={`${id}-photo-error`} role="alert" className="profile-form__error">
              {error}
            </p>
          )}
        </div>
      </div>
      {profile.hasUploadedPhoto && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void run(() => callApi(api, ownEducatorProfileRemovePhotoRoute), t('settings.photo.removed'))}
        >
          {t('settings.photo.remove')}
        </button>
      )}
    </section>
  );
}
