import { EDUCATOR_BIO_MAX, EDUCATOR_QUALIFICATIONS_MAX, ownEducatorProfilePath, type EducatorProfile } from '@academy/contracts';
import { errorMessage, learnerPaths, queryKeys, useApi, useToast } from '@academy/platform';
import { Link } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState, type FormEvent } from 'react';
import { useRemoteData } from '../common/useRemoteData';
import './settings.css';

const fetchProfile = async (api: ReturnType<typeof useApi>) => (await api.get<{ profile: EducatorProfile }>(ownEducatorProfilePath)).profile;

/** /educator/settings: the profile learners see on the educator's page and beside every course. */
export function SettingsPage() {
  const profile = useRemoteData(queryKeys.educator.profile(), fetchProfile);
  return (
    <div className="settings-page">
      <h1 className="page-title">Settings</h1>
      {profile.state.status === 'loading' && <LoadingView label="Loading your profile" />}
      {profile.state.status === 'error' && <ErrorPanel title="Your profile could not be loaded" message={profile.state.message} onRetry={profile.reload} />}
      {profile.state.status === 'ready' && <ProfileForm profile={profile.state.data} onSaved={(saved) => profile.setData(() => saved)} />}
    </div>
  );
}

function ProfileForm({ profile, onSaved }: { profile: EducatorProfile; onSaved(profile: EducatorProfile): void }) {
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
      const saved = (await api.put<{ profile: EducatorProfile }>(ownEducatorProfilePath, fields)).profile;
      onSaved(saved);
      toast.success('Profile saved');
    } catch (failure) {
      setError(errorMessage(failure).replace(/^Invalid request: /, ''));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} aria-busy={saving}>
      <h2 id={`${id}-title`} className="profile-form__title">
        Your public profile
      </h2>
      <p className="profile-form__hint">
        Learners see it on <Link to={publicPath}>your educator page</Link>, linked from every course of yours. Your picture is your account’s.
      </p>
      <div className="form-field">
        <label htmlFor={`${id}-name`}>Display name</label>
        <input id={`${id}-name`} type="text" required minLength={2} maxLength={80} value={fields.displayName} onChange={(event) => setFields({ ...fields, displayName: event.target.value })} />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-qualifications`}>Qualifications</label>
        <input
          id={`${id}-qualifications`}
          type="text"
          maxLength={EDUCATOR_QUALIFICATIONS_MAX}
          placeholder="e.g. M.Sc. Physics, B.Ed."
          value={fields.qualifications}
          onChange={(event) => setFields({ ...fields, qualifications: event.target.value })}
        />
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-bio`}>Bio</label>
        <textarea id={`${id}-bio`} rows={6} maxLength={EDUCATOR_BIO_MAX} aria-describedby={`${id}-bio-count`} value={fields.bio} onChange={(event) => setFields({ ...fields, bio: event.target.value })} />
        <span id={`${id}-bio-count`} className="profile-form__hint">
          {fields.bio.length} of {EDUCATOR_BIO_MAX} characters
        </span>
      </div>
      <div role="alert" className="profile-form__error">
        {error}
      </div>
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
