import { LoadingView } from '@academy/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from '@academy/platform';
import type { RichTextEditorProps } from './RichTextEditor';

// draft-js (and immutable) load in their own chunk, only on the add and edit pages.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('educator');
  return (
    <Suspense fallback={<LoadingView label={t('addCourse.editor.loading')} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
