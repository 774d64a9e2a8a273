import {
  EDUCATOR_BIO_MAX,
  EDUCATOR_PHOTO_MAX_BYTES,
  EDUCATOR_PHOTO_TOO_LARGE_MESSAGE,
  EDUCATOR_PHOTO_TYPE_MESSAGE,
  EDUCATOR_PHOTO_TYPES,
  EDUCATOR_QUALIFICATIONS_MAX,
  ownEducatorProfileOwnRoute,
  ownEducatorProfileRemovePhotoRoute,
  ownEducatorProfileSavePhotoRoute,
  ownEducatorProfileSaveRoute,
  type EducatorProfile,
} from '@academy/contracts';
import { callApi, errorMessage, learnerPaths, queryKeys, translateMessage, useApi, useToast } from '@academy/platform';
import { Link } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
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

function ProfileForm({ profile, onSaved }: { profile: EducatorProfile; onSaved(profile: EducatorProfile): void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const [fields, setFields] = useState({ displayName: profile.displayName, bio: profile.bio, qualifications: profile.qualifications });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const publicPath = learnerPaths.educator.replace(':educatorId', encodeURIComponent(profile.id));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = (await callApi(api, ownEducatorProfileSaveRoute, { body: fields })).profile;
      onSaved(saved);
      setFields({ displayName: saved.displayName, bio: saved.bio, qualifications: saved.qualifications });
      toast.success(t('settings.profile.saved'));
    } catch (failure) {
      setError(formErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  const dirty =
    fields.displayName !== profile.displayName || fields.bio !== profile.bio || fields.qualifications !== profile.qualifications;

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} aria-busy={saving}>
      <h2 id={`${id}-title`} className="profile-form__title">
        {t('settings.profile.title')}
      </h2>
      <p className="profile-form__hint">
        <Trans t={t} i18nKey="settings.profile.hint" components={{ pageLink: <Link to={publicPath} /> }} />
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>{t('settings.profile.displayName')}</label>
        <input id={`${id}-name`} type="text" required minLength={2} maxLength={80} value={fields.displayName} onChange={(event) => setFields({ ...fields, displayName: event.target.value })} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-qualifications`}>{t('settings.profile.qualifications')}</label>
        <input
          id={`${id}-qualifications`}
          type="text"
          maxLength={EDUCATOR_QUALIFICATIONS_MAX}
          placeholder={t('settings.profile.qualificationsPlaceholder')}
          value={fields.qualifications}
          onChange={(event) => setFields({ ...fields, qualifications: event.target.value })}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-bio`}>{t('settings.profile.bio')}</label>
        <textarea id={`${id}-bio`} rows={6} maxLength={EDUCATOR_BIO_MAX} aria-describedby={`${id}-bio-count`} value={fields.bio} onChange={(event) => setFields({ ...fields, bio: event.target.value })} />
        <span id={`${id}-bio-count`} className="profile-form__hint">
          {t('settings.profile.bioCount', { length: fields.bio.length, max: EDUCATOR_BIO_MAX })}
        </span>
      </div>
      <div role="alert" className="profile-form__error">
        {error}
      </div>
      <button type="submit" className="button" disabled={saving}>
        {saving ? t('common.saving') : t('settings.profile.save')}
      </button>
      <UnsavedChangesGuard when={dirty && !saving} what={t('settings.profile.unsavedWhat')} />
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
