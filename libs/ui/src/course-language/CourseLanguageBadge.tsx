import { DEFAULT_COURSE_LANGUAGE, type CourseLanguage } from '@academy/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@academy/platform';
import './course-language.css';

/** The name of each teaching language in the language shown ("Hindi" / "हिंदी"), for badges, filters and forms. */
export function useCourseLanguageNames(): Record<CourseLanguage, string> {
  const { t } = useTranslation('ui');
  return useMemo(
    () => ({ hi: t('courseLanguage.hi'), en: t('courseLanguage.en'), hinglish: t('courseLanguage.hinglish') }),
    [t],
  );
}

export interface CourseLanguageBadgeProps {
  /** Absent on an answer cached before courses had a language: English. */
  language: CourseLanguage | undefined;
  className?: string;
}

/** What a course is taught in, as a small badge; screen readers hear "Taught in Hindi". */
export function CourseLanguageBadge({ language = DEFAULT_COURSE_LANGUAGE, className }: CourseLanguageBadgeProps) {
  const { t } = useTranslation('ui');
  const names = useCourseLanguageNames();
  const name = names[language] ?? names[DEFAULT_COURSE_LANGUAGE];
  return (
    <span className={className ? `course-language ${className}` : 'course-language'}>
      <span aria-hidden="true">{name}</span>
      <span className="visually-hidden">{t('courseLanguage.taughtIn', { language: name })}</span>
    </span>
  );
}
