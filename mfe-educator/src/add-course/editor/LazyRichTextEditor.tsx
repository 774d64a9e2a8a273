import { LoadingView } from '@academy/ui';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

// draft-js (and immutable) load in their own chunk, only on the add and edit pages.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LoadingView label="Loading the editor" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
