import { useTranslation } from 'react-i18next';
import { UI_LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@academy/contracts';
import { useChooseLanguage } from './language-sync';
import { useFormat } from './use-format';

/** English / हिन्दी: each option names itself in its own language and script, so anyone finds theirs. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('platform');
  const { language } = useFormat();
  const chooseLanguage = useChooseLanguage();
  return (
    <label className={className ? `language-switch ${className}` : 'language-switch'}>
      <span className="visually-hidden">{t('language.label')}</span>
      <select value={language} onChange={(event) => void chooseLanguage(event.target.value as UiLanguage)}>
        {UI_LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {UI_LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
