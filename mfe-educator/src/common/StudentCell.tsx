import type { StudentRef } from '@academy/contracts';
import { useTranslation } from '@academy/platform';

/** Avatar (or initial) and name of a student in a table cell. */
export function StudentCell({ student }: { student: StudentRef }) {
  const { t } = useTranslation('educator');
  const name = student.name || t('common.student');
  return (
    <span className="student-cell">
      {student.imageUrl ? (
        <img className="student-cell__avatar" src={student.imageUrl} alt="" width={36} height={36} loading="lazy" />
      ) : (
        <span className="student-cell__avatar student-cell__avatar--initial" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
      )}
      <span>{name}</span>
    </span>
  );
}
