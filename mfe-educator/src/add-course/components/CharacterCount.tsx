import { useFormat, useTranslation } from '@academy/platform';

export interface CharacterCountProps {
  id: string;
  length: number;
  max: number;
}

/**
 * "12 of 200 characters" under a text field whose input is not cut at the limit: past it the count turns into the
 * problem and the form's rule refuses the value, so nothing typed is dropped without a word.
 */
export function CharacterCount({ id, length, max }: CharacterCountProps) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const over = length - max;
  return (
    <p id={id} className={over > 0 ? 'character-count character-count--over' : 'character-count'}>
      {over > 0
        ? t('addCourse.characters.over', { count: over, formatted: format.count(over), max: format.count(max) })
        : t('addCourse.characters.count', { length: format.count(length), max: format.count(max) })}
    </p>
  );
}
